// npm run restore -- --from <file> [--force]: into DATABASE_URL (or DATA_DIR/db) and DATA_DIR, then the newer migrations.
import { parseArgs } from 'node:util';
import { loadDataConfig } from '../config';
import { BackupError } from '../modules/backup/backup-error';
import { restoreBackup } from '../modules/backup/restore.service';
import { runCli } from './run-cli';

await runCli('Restore', async () => {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help || !values.from) {
    console.log(
      'Usage: npm run restore -- --from backups/parkly-….tar.gz [--force]\n' +
        'Restores into DATABASE_URL (an empty database) or DATA_DIR/db, and DATA_DIR; --force replaces a database and files already there.',
    );
    if (!values.help) throw new BackupError('--from is required.');
    return;
  }
  const config = loadDataConfig();
  const { manifest, migrated } = await restoreBackup({ config, from: values.from, force: values.force });
  const files = manifest.entries.filter((e) => e.path.startsWith('files/')).length;
  console.log(`Restored the ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database of ${manifest.created_at} (${Object.keys(manifest.database.tables).length} tables) and ${files} files.`);
  if (manifest.files.storage === 's3') console.log(`Uploaded files were in the S3 bucket ${manifest.files.bucket}: restore them from the bucket's own backup.`);
  console.log(migrated.length ? `Applied the migrations newer than the backup: ${migrated.join(', ')}` : 'The database is up to date.');
});
