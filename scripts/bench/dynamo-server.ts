/**
 * dynalite with the lead table, in memory, in a process of its own on PORT: the coverage section
 * loads over a million items, and DynamoDB's side of that work should not share an event loop
 * with the client measuring it.
 */
import { startDynamo } from '../local/aws-stand-ins';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be a port number');
const dynamo = await startDynamo({ port });
process.once('SIGTERM', () => void dynamo.close().then(() => process.exit(0)));
