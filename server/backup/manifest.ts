/** manifest.json, the first entry of every archive: what made it and what it holds. */
import { z } from 'zod';
import { backupErrors } from './messages';

export const BACKUP_FORMAT = 1;
export const APP_NAME = 'yillik-paneli';
export const MANIFEST_ENTRY = 'manifest.json';

/** Table names become file names (database/<table>.jsonl), so only plain identifiers pass. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const manifestSchema = z.object({
  format: z.number().int(),
  app: z.string(),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** Migrations applied to the database when it was dumped; `latest` is the newest one's journal time. */
  migrations: z.object({ applied: z.number().int().min(0), latest: z.number().nullable() }),
  tables: z.array(z.object({ name: z.string().regex(TABLE_NAME), rows: z.number().int().min(0) })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function parseManifest(bytes: Buffer, file: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw backupErrors.notABackup(file, 'manifest.json okunamadı / unreadable manifest.json');
  }
  const head = json as Partial<Manifest> | null;
  if (head?.app !== APP_NAME) throw backupErrors.notABackup(file, `app=${JSON.stringify(head?.app)}`);
  if (head.format !== BACKUP_FORMAT) throw backupErrors.notABackup(file, `format=${JSON.stringify(head.format)}`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw backupErrors.notABackup(file, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}
