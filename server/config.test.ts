import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SELLER, isIsraeliBusinessId, loadConfig } from './config.ts';

const errorOf = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig(env);
  } catch (err) {
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted a bad configuration');
};

/** The least a production server starts with. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://site.example',
  BILLING_BUSINESS_NAME: 'Shalav Ltd',
  BILLING_BUSINESS_ID: '516179157',
  BILLING_BUSINESS_ADDRESS: '1 Herzl St, Tel Aviv',
};

describe('a production server', () => {
  it('refuses to start without PUBLIC_URL and a seller, naming every missing item in one message', () => {
    const err = errorOf({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of ['PORT', 'PUBLIC_URL', 'BILLING_BUSINESS_NAME', 'BILLING_BUSINESS_ID', 'BILLING_BUSINESS_ADDRESS']) {
      expect(err.message).toMatch(new RegExp(`^  - ${name}: `, 'm'));
    }
    expect(errorOf({ ...PRODUCTION, BILLING_BUSINESS_ADDRESS: '  ' }).message).toBe(
      'Invalid configuration:\n  - BILLING_BUSINESS_ADDRESS: required in production (the seller’s address)',
    );
  });

  it('refuses a seller number that is not a valid Israeli company or dealer number', () => {
    for (const id of ['516179158', '51617915', '5161791570', '000000000', '51617915a']) {
      const err = errorOf({ ...PRODUCTION, BILLING_BUSINESS_ID: id });
      expect(err.message).toBe(
        'Invalid configuration:\n  - BILLING_BUSINESS_ID: must be a 9-digit Israeli company or dealer number with a valid check digit',
      );
    }
  });

  it('starts with them, listens on every address and never bills ahead of today', () => {
    const c = loadConfig({ ...PRODUCTION, BILLING_ALLOW_FUTURE_DATES: '1' });
    expect(c.billing).toMatchObject({
      business: { name: 'Shalav Ltd', registrationNumber: '516179157', address: '1 Herzl St, Tel Aviv' },
      demoSeller: false,
      allowFutureDates: false,
    });
    expect(c).toMatchObject({ host: '0.0.0.0', publicUrlIsDefault: false });
  });
});

describe('isIsraeliBusinessId', () => {
  it('checks the ninth digit', () => {
    expect(['516179157', '123456782', '000000018'].map(isIsraeliBusinessId)).toEqual([true, true, true]);
    expect(['516179150', '123456789', '12345678', '000000000'].map(isIsraeliBusinessId)).toEqual([false, false, false, false]);
  });
});

describe('development and tests', () => {
  it('start with the demo seller and localhost links, listen on this machine only, and bill ahead only when told', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const c = loadConfig({ NODE_ENV });
      expect(c.billing).toMatchObject({ business: DEMO_SELLER, demoSeller: true, allowFutureDates: false });
      expect(c).toMatchObject({ host: '127.0.0.1', publicUrl: 'http://localhost:5000', publicUrlIsDefault: true });
      expect(loadConfig({ NODE_ENV, BILLING_ALLOW_FUTURE_DATES: 'on' }).billing.allowFutureDates).toBe(true);
    }
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ BILLING_BUSINESS_ADDRESS: '' }).billing).toMatchObject({ business: DEMO_SELLER, demoSeller: true });
    // One item set, the others demo: still a demo seller on the invoice, and the banner says so.
    expect(loadConfig({ BILLING_BUSINESS_NAME: 'Real Ltd' }).billing).toMatchObject({
      business: { ...DEMO_SELLER, name: 'Real Ltd' },
      demoSeller: true,
    });
  });
});

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 5000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      platformAdmin: undefined,
      demoData: undefined,
      logLevel: 'info',
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('reads the upload quota and deadline, with defaults, and refuses nonsense', () => {
    expect(loadConfig({})).toMatchObject({ uploadQuotaBytesPerDay: 2000 * 1_048_576, uploadTimeoutMs: 120_000 });
    expect(loadConfig({ UPLOAD_QUOTA_MB_PER_DAY: '2000', UPLOAD_TIMEOUT_SECONDS: '90' })).toMatchObject({
      uploadQuotaBytesPerDay: 2000 * 1_048_576,
      uploadTimeoutMs: 90_000,
    });
    const err = errorOf({ UPLOAD_QUOTA_MB_PER_DAY: 'lots', UPLOAD_TIMEOUT_SECONDS: '0' });
    expect(err.message).toContain('UPLOAD_QUOTA_MB_PER_DAY');
    expect(err.message).toContain('UPLOAD_TIMEOUT_SECONDS');
  });

  it('lists every bad value at once, naming each variable', () => {
    const err = errorOf({ PORT: 'eighty', DATABASE_URL: 'mysql://db/x', LOG_LEVEL: 'loud', DEMO_DATA: 'maybe', NODE_ENV: 'staging' });
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'DEMO_DATA', 'NODE_ENV']) {
      expect(err.message).toMatch(new RegExp(`^  - ${name}: `, 'm'));
    }
    expect(err.message).toContain('must be a postgres:// or postgresql:// URL');
  });

  it('refuses a port out of range and a PUBLIC_URL that is not a URL', () => {
    expect(errorOf({ PORT: '70000' }).message).toMatch(/- PORT:/);
    expect(errorOf({ PUBLIC_URL: 'not a url' }).message).toMatch(/- PUBLIC_URL:/);
  });

  it('sends e-mail only with SMTP_URL and MAIL_FROM together', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(errorOf({ SMTP_URL: 'smtp://127.0.0.1:2525' }).message).toContain('SMTP_URL and MAIL_FROM must be set together');
    expect(errorOf({ MAIL_FROM: 'no-reply@example.com' }).message).toContain('SMTP_URL and MAIL_FROM must be set together');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'Shalav <no-reply@example.com>' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com',
      from: 'Shalav <no-reply@example.com>',
    });
  });

  it('requires PLATFORM_ADMIN_USERNAME and PLATFORM_ADMIN_PASSWORD together', () => {
    expect(errorOf({ PLATFORM_ADMIN_USERNAME: 'platform' }).message).toContain(
      'PLATFORM_ADMIN_USERNAME and PLATFORM_ADMIN_PASSWORD must be set together',
    );
    expect(errorOf({ PLATFORM_ADMIN_PASSWORD: 'platform1234' }).message).toContain('must be set together');
    expect(loadConfig({ PLATFORM_ADMIN_USERNAME: 'platform', PLATFORM_ADMIN_PASSWORD: 'platform1234' }).platformAdmin).toEqual({
      username: 'platform',
      password: 'platform1234',
    });
  });

  it('reads the values it is given', () => {
    const c = loadConfig({
      ...PRODUCTION,
      PORT: '8080',
      DATA_DIR: '/tmp/shalav-data',
      DATABASE_URL: 'postgresql://u@db:5432/shalav',
      PUBLIC_URL: 'https://site.example/',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      env: 'production',
      port: 8080,
      dataDir: '/tmp/shalav-data',
      databaseUrl: 'postgresql://u@db:5432/shalav',
      publicUrl: 'https://site.example',
      demoData: false,
      logLevel: 'warn',
    });
    expect(loadConfig({ DEMO_DATA: 'yes' }).demoData).toBe(true);
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });
});

describe('proxy trust and photo storage settings', () => {
  it('trusts only a proxy on this host by default, none or a list when told', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('uses S3 only when bucket and keys are all set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(/must be set together/);
    const s3 = loadConfig({
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    }).s3;
    expect(s3).toMatchObject({ bucket: 'photos', endpoint: 'http://127.0.0.1:9000', pathStyle: true, region: 'us-east-1' });
  });
});
