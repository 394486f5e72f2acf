import { appendFileSync, writeFileSync } from 'node:fs';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_SINK } from './mail-sink';

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

/**
 * Playwright's global setup: starts the SMTP sink the e2e server sends its mail to (no auth, no TLS)
 * and empties its file; the returned function stops it when the run ends.
 */
export default async function startMailSink() {
  writeFileSync(MAIL_SINK.file, '');
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const line = { to: addresses(mail.to), subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
          appendFileSync(MAIL_SINK.file, `${JSON.stringify(line)}\n`);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(MAIL_SINK.port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
