// Public surface of the audit log (issue 12): every admin change writes an entry in its own transaction,
// and the admin console reads them. A leaf module (it uses no other), so any module can record an admin
// change without tying itself to the admin console, which reads from many modules.
export { listAudit, recordAudit, type AuditEntry, type AuditRecord } from './repository.ts';
