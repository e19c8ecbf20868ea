import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-label.ts';

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('describeDevice', () => {
  it('names Chrome on Android', () => {
    expect(describeDevice(UA.chromeAndroid)).toEqual({ browser: 'Chrome', os: 'Android' });
  });

  it('names Safari on an iPhone, though the iPhone also says "Mac OS X"', () => {
    expect(describeDevice(UA.safariIphone)).toEqual({ browser: 'Safari', os: 'iPhone' });
  });

  it('names Firefox on Windows', () => {
    expect(describeDevice(UA.firefoxWindows)).toEqual({ browser: 'Firefox', os: 'Windows' });
  });

  it('names Edge on Windows, though Edge also says "Chrome" and "Safari"', () => {
    expect(describeDevice(UA.edgeWindows)).toEqual({ browser: 'Edge', os: 'Windows' });
  });

  it('names Chrome on macOS, though Chrome also says "Safari"', () => {
    expect(describeDevice(UA.chromeMac)).toEqual({ browser: 'Chrome', os: 'macOS' });
  });

  it('names Safari on macOS, Chrome on an iPhone, Samsung Internet on Android and Firefox on Linux', () => {
    expect(describeDevice(UA.safariMac)).toEqual({ browser: 'Safari', os: 'macOS' });
    expect(describeDevice(UA.chromeIphone)).toEqual({ browser: 'Chrome', os: 'iPhone' });
    expect(describeDevice(UA.samsungAndroid)).toEqual({ browser: 'Samsung Internet', os: 'Android' });
    expect(describeDevice(UA.firefoxLinux)).toEqual({ browser: 'Firefox', os: 'Linux' });
  });

  it('knows nothing of a missing or unknown User-Agent', () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null });
    expect(describeDevice(undefined)).toEqual({ browser: null, os: null });
    expect(describeDevice('')).toEqual({ browser: null, os: null });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: null, os: null });
  });

  it('names what it can of a partly known User-Agent', () => {
    expect(describeDevice('SomeBot/1.0 (Windows NT 10.0)')).toEqual({ browser: null, os: 'Windows' });
  });
});
