/** CDK entry point (`cdk.json`: `npx tsx infra/app.ts`). */
import { createApp } from './create-app';

createApp().app.synth();
