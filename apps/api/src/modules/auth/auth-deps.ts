import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { MailDispatch } from './mail-dispatch.js';

/** What the account services need; each takes this or the part of it it uses. */
export interface AuthDeps {
  db: Database;
  config: AppConfig;
  mail: MailDispatch;
}
