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

/** A localStorage whose writes of `failingKey` throw, as a full quota does. */
function quotaStorage(failingKey: string) {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    key: (i: number) => [...values.keys()][i] ?? null,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (k === failingKey)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      values.set(k, v);
    },
    removeItem: (k: string) => values.delete(k),
    clear: () => {
      values.clear();
    },
  } as Storage;
}

/** Every operation of the storage, once. */
function useEverything(storage: ReturnType<typeof createSafeStorage>) {
  storage.setItem('token', 'abc');
  storage.getItem('token');
  storage.keys();
  storage.removeItem('token');
}

describe('onLost', () => {
  it('is called once when there is no storage at all', () => {
    const onLost = jest.fn();
    const storage = createSafeStorage(() => undefined, onLost);
    expect(onLost).toHaveBeenCalledTimes(1);
    useEverything(storage);
    useEverything(storage);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('is called once, at the first failing write, and what was stored stays readable', () => {
    const onLost = jest.fn();
    const storage = createSafeStorage(() => quotaStorage('persist:root'), onLost);
    storage.setItem('user_id', '3');
    useEverything(storage);
    expect(onLost).not.toHaveBeenCalled();
    storage.setItem('persist:root', '{"cartData":"…"}');
    expect(onLost).toHaveBeenCalledTimes(1);
    storage.setItem('persist:root', '{"cartData":"again"}');
    useEverything(storage);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(storage.getItem('user_id')).toBe('3');
    expect(storage.getItem('persist:root')).toBe('{"cartData":"again"}');
  });

  it('is never called while storage works', () => {
    const onLost = jest.fn();
    const storage = createSafeStorage(() => window.localStorage, onLost);
    useEverything(storage);
    storage.setItem('persist:root', 'x'.repeat(1000));
    expect(storage.getItem('persist:root')).toHaveLength(1000);
    expect(onLost).not.toHaveBeenCalled();
    window.localStorage.clear();
  });
});

describe("the page's storage lost (onStorageLost)", () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('a page without storage tells a listener at once', async () => {
    jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await jest.isolateModulesAsync(async () => {
      const page = await import('./storage');
      const listener = jest.fn();
      page.onStorageLost(listener);
      expect(listener).toHaveBeenCalledTimes(1);
      page.safeStorage.setItem('token', 'abc');
      expect(page.safeStorage.getItem('token')).toBe('abc');
      expect(listener).toHaveBeenCalledTimes(1);
    });
  });

  it('a listener hears once when the storage fails; one that stopped listening does not', async () => {
    jest.spyOn(window, 'localStorage', 'get').mockReturnValue(quotaStorage('persist:root'));
    await jest.isolateModulesAsync(async () => {
      const page = await import('./storage');
      const listener = jest.fn();
      const gone = jest.fn();
      page.onStorageLost(listener);
      page.onStorageLost(gone)();
      page.safeStorage.setItem('token', 'abc');
      expect(listener).not.toHaveBeenCalled();
      await page.persistStorage.setItem('persist:root', '{}');
      expect(listener).toHaveBeenCalledTimes(1);
      await page.persistStorage.setItem('persist:root', '{"again":true}');
      expect(listener).toHaveBeenCalledTimes(1);
      expect(gone).not.toHaveBeenCalled();
      await expect(page.persistStorage.getItem('persist:root')).resolves.toBe('{"again":true}');
      await page.persistStorage.removeItem('persist:root');
      expect(page.safeStorage.getItem('persist:root')).toBeNull();
      expect(page.safeStorage.getItem('token')).toBe('abc');
    });
  });
});
