/** Who owns each table, the reads of others' tables that remain, and what a module may not import (table-owners.js). */
export declare const TABLE_OWNERS: Record<string, string>;
export declare const KNOWN_CROSS_READS: Record<string, string[]>;
export declare function foreignTables(m: string): string[];
