import { STORAGE_KEYS, captureCampaignIds, createSafeStorage } from './storage';

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('QuotaExceededError');
  };
  return {
    length: 0,
    clear: fail,
    getItem: fail,
    key: fail,
    removeItem: fail,
    setItem: fail,
  };
}

describe('safe storage', () => {
  it('uses localStorage while it works', () => {
    const storage = createSafeStorage(() => window.localStorage);
    storage.setItem('token', 'abc');
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(storage.keys()).toContain('token');
  });

  it('a storage that throws (private mode, quota) degrades to memory and keeps working', () => {
    const storage = createSafeStorage(throwingStorage);
    storage.setItem('popupClosed', 'true');
    expect(storage.getItem('popupClosed')).toBe('true');
    storage.removeItem('popupClosed');
    expect(storage.getItem('popupClosed')).toBeNull();
  });

  it('a storage that starts failing keeps what it held, in memory', () => {
    const values = new Map([['token', 'abc']]);
    let broken = false;
    const backing = {
      get length() {
        return values.size;
      },
      key: (i: number) => [...values.keys()][i] ?? null,
      getItem: (k: string) => {
        if (broken) throw new Error('gone');
        return values.get(k) ?? null;
      },
      setItem: (k: string, v: string) => {
        if (k === 'big') throw new DOMException('QuotaExceededError');
        values.set(k, v);
      },
      removeItem: (k: string) => values.delete(k),
      clear: () => values.clear(),
    } as Storage;
    const storage = createSafeStorage(() => backing);
    storage.setItem('big', 'x'.repeat(10));
    broken = true;
    expect(storage.getItem('token')).toBe('abc');
    expect(storage.getItem('big')).toBe('xxxxxxxxxx');
  });

  it('no storage at all runs in memory', () => {
    const storage = createSafeStorage(() => undefined);
    storage.setItem('user_id', '3');
    expect(storage.keys()).toEqual(['user_id']);
  });
});

describe('campaign ids', () => {
  it('takes mc_cid and mc_eid from the URL query into storage', () => {
    const storage = createSafeStorage(() => undefined);
    captureCampaignIds('?mc_cid=abc123&mc_eid=def456&other=1', storage);
    expect(storage.getItem(STORAGE_KEYS.mcCid)).toBe('abc123');
    expect(storage.getItem(STORAGE_KEYS.mcEid)).toBe('def456');
  });

  it('leaves stored ids alone when the URL has none', () => {
    const storage = createSafeStorage(() => undefined);
    storage.setItem('mc_cid', 'kept');
    captureCampaignIds('?s=plab', storage);
    expect(storage.getItem('mc_cid')).toBe('kept');
  });
});
