import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createJobs } from '../jobs.ts';

/**
 * `npm run -s jobs`: the jobs that used every attempt, newest first, as JSON (name, attempts,
 * last error, times), for operators. They stay in the queue's table until someone acts.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  console.log(JSON.stringify({ failed: await createJobs(database).failedJobs() }, null, 2));
} finally {
  await database.close();
}
