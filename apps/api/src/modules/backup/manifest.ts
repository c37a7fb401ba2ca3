import type { ColumnInfo } from "./catalog.ts";
import type { SchemaVersion } from "./schema-version.ts";

export interface BackupTable {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  collatedKey: string[];
}

/** The 'H' frame: everything known before the first row is written. */
export interface BackupHeader {
  format: "wms-backup";
  formatVersion: number;
  createdAt: string;
  /** server_version of the source, for the record (a restore works on any PostgreSQL 15+). */
  sourceServer: string;
  schemaVersion: SchemaVersion;
  /** In load order: parents before the tables that reference them. */
  tables: BackupTable[];
}

/** The 'E' frame after each table's rows. */
export interface TableSummary {
  name: string;
  rows: number;
  bytes: number;
  /** SHA-256 (hex) of the table's COPY text data, exactly as stored in the file. */
  sha256: string;
}

export interface SequenceState {
  name: string;
  table: string;
  column: string;
  /** The sequence's last value as text (bigint), or null when it was never used. */
  lastValue: string | null;
}

/** The 'M' frame that ends the file. */
export interface BackupManifest extends BackupHeader {
  tables: Array<BackupTable & Omit<TableSummary, "name">>;
  sequences: SequenceState[];
}
