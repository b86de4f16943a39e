import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SETTINGS_DIR,
  describeContext,
  parseDeployArgs,
  placeholderAddresses,
  readStageSettings,
  settingsContext,
  stageSettingsSchema,
  stagesIn,
} from './stage-settings';
import { VALID_SETTINGS, settingsFolder } from './test-fixtures';

describe('readStageSettings', () => {
  it('reads a stage file into the context cdk deploy gets, lists joined and the region left out', () => {
    const dir = settingsFolder({
      dev: {
        ...VALID_SETTINGS,
        sesSandboxRecipients: ['a@haul.com', 'b@haul.com'],
        enableWaf: false,
        reservedConcurrency: 0,
        offerEscalationAlarmShare: 0.4,
      },
    });
    expect(settingsContext(readStageSettings('dev', dir))).toEqual({
      senderAddress: 'quotes@haul.com',
      operationsAddress: 'dispatch@haul.com',
      alarmEmail: 'alarms@haul.com',
      payments: 'on',
      sesSandboxRecipients: 'a@haul.com,b@haul.com',
      enableWaf: 'false',
      reservedConcurrency: '0',
      offerEscalationAlarmShare: '0.4',
    });
  });

  it('refuses a file without alarmEmail, saying what the address is for', () => {
    const { alarmEmail: _, ...withoutAlarm } = VALID_SETTINGS;
    const dir = settingsFolder({ prod: withoutAlarm });
    expect(() => readStageSettings('prod', dir)).toThrow(
      /prod\.json is not valid:\n {2}alarmEmail: required: who the alarms email/,
    );
  });

  it('refuses a misspelt key and a value of the wrong kind, naming each', () => {
    const dir = settingsFolder({
      dev: { ...VALID_SETTINGS, alarmEmial: 'x@haul.com', enableWaf: 'no' },
    });
    expect(() => readStageSettings('dev', dir)).toThrow(/enableWaf: .*boolean/);
    expect(() => readStageSettings('dev', dir)).toThrow(/alarmEmial/);
  });

  it('refuses a stage without a file, naming the stages there are', () => {
    const dir = settingsFolder({ dev: VALID_SETTINGS, prod: VALID_SETTINGS });
    expect(() => readStageSettings('staging', dir)).toThrow(
      /There is no .*staging\.json: the stages are dev, prod/,
    );
  });

  it('refuses a file that is not JSON, and a stage name that could not name a stack', () => {
    const dir = settingsFolder({ dev: '{ "region": ' });
    expect(() => readStageSettings('dev', dir)).toThrow(/dev\.json is not valid JSON/);
    expect(() => readStageSettings('Prod_1', dir)).toThrow(/'Prod_1' is not a stage name/);
  });
});

describe('the committed stage files', () => {
  it.each(stagesIn())('deploy/%s.json is valid and names its region', (stage) => {
    const raw: unknown = JSON.parse(readFileSync(path.join(SETTINGS_DIR, `${stage}.json`), 'utf8'));
    expect(stageSettingsSchema.safeParse(raw).error?.issues ?? []).toEqual([]);
  });

  it('include dev and prod', () => {
    expect(stagesIn()).toEqual(expect.arrayContaining(['dev', 'prod']));
  });
});

describe('placeholderAddresses', () => {
  it('names the addresses at reserved domains that SES can never verify', () => {
    expect(
      placeholderAddresses({
        ...VALID_SETTINGS,
        senderAddress: 'quotes@bulktrashpickup.example',
        alarmEmail: 'me@example.com',
        sesSandboxRecipients: ['ok@haul.com', 'x@mail.test'],
      }),
    ).toEqual(['senderAddress', 'alarmEmail', 'sesSandboxRecipients.1']);
    expect(placeholderAddresses(VALID_SETTINGS)).toEqual([]);
  });
});

describe('parseDeployArgs', () => {
  it('takes the stage first, the last -c of each key, and leaves the rest to cdk deploy', () => {
    expect(
      parseDeployArgs([
        'prod',
        '-c',
        'alarmEmail=a@haul.com',
        '--require-approval',
        'never',
        '--context=enableWaf=false',
        '-c',
        'alarmEmail=b@haul.com',
        '--profile',
        'prod',
      ]),
    ).toEqual({
      stage: 'prod',
      flags: { alarmEmail: 'b@haul.com', enableWaf: 'false' },
      cdkArgs: ['--require-approval', 'never', '--profile', 'prod'],
    });
  });

  it('refuses a deploy that names no stage, and a -c without a value', () => {
    expect(() => parseDeployArgs(['-c', 'a=b'])).toThrow(/Name the stage first/);
    expect(() => parseDeployArgs([])).toThrow(/Name the stage first/);
    expect(() => parseDeployArgs(['dev', '-c', 'alarmEmail'])).toThrow(/-c needs key=value/);
    expect(() => parseDeployArgs(['dev', '-c', 'stage=prod'])).toThrow(/contradicts the stage dev/);
  });
});

describe('describeContext', () => {
  it("prints each key with where it came from, and a flag with the file's value it overrides", () => {
    expect(
      describeContext(
        { alarmEmail: 'a@haul.com', enableWaf: 'true' },
        { enableWaf: 'false', siteUrl: 'https://x.example' },
        'deploy/dev.json',
      ),
    ).toEqual([
      '  alarmEmail = a@haul.com  (deploy/dev.json)',
      '  enableWaf = false  (flag; deploy/dev.json says true)',
      '  siteUrl = https://x.example  (flag)',
    ]);
  });
});
