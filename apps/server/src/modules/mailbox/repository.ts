import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailbox } from '../../db/schema.ts';

/** Enough for a development inbox; older mail stays in the table. */
const LIST_LIMIT = 200;

export interface StoredMail {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: Date;
}

/** Newest first, optionally only mail to one address. */
export async function listMail(db: Db, to?: string): Promise<StoredMail[]> {
  const query = db.select().from(mailbox);
  const filtered = to ? query.where(eq(mailbox.toAddress, to.toLowerCase())) : query;
  return filtered.orderBy(desc(mailbox.createdAt), desc(mailbox.id)).limit(LIST_LIMIT);
}

export async function findMail(db: Db, id: string): Promise<StoredMail | null> {
  const [row] = await db.select().from(mailbox).where(eq(mailbox.id, id));
  return row ?? null;
}
