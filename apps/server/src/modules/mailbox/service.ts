// Reading the local mailbox (MAIL_TRANSPORT=mailbox): the mail is written by providers/mail/local.ts.
export { findMail, listMail, type StoredMail } from './repository.ts';
