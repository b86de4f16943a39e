/**
 * aws-ses-v2-local in a process of its own on PORT: the scale sections count what the functions'
 * own code costs in the bench's process, so SES's side of every email runs elsewhere.
 */
import { startSes } from '../../local/aws-stand-ins';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be a port number');
const ses = await startSes({ port });
process.once('SIGTERM', () => void ses.close().then(() => process.exit(0)));
