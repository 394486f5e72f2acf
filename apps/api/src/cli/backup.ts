// npm run backup -- [--out <file>]: the database, the files of local storage and the VAPID keys in one archive.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadDataConfig } from '../config';
import { createBackup } from '../modules/backup/backup.service';
import { runCli } from './run-cli';

await runCli('Backup', async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log('Usage: npm run backup -- [--out backups/parkly.tar.gz]\nWrites one archive: the database (DATABASE_URL, or DATA_DIR/db), DATA_DIR/uploads, DATA_DIR/private and DATA_DIR/vapid.json.');
    return;
  }
  const config = loadDataConfig();
  const { file, manifest, files } = await createBackup({ config, out: values.out });
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Backed up the ${manifest.database.server_version} database (${Object.keys(manifest.database.tables).length} tables, ${rows} rows, ${manifest.database.migrations.length} migrations) and ${files} files.`);
  if (manifest.files.storage === 's3') {
    console.log(
      `Uploaded files are in the S3 bucket ${manifest.files.bucket}: this backup holds the database${files ? ' and the VAPID keys' : ''} only. ` +
        `Back the bucket up with its own tools (versioning or replication, or e.g. aws s3 sync s3://${manifest.files.bucket} <folder>).`,
    );
  }
  console.log(`${file} (${mb} MB)`);
});
