import { describe, expect, it } from 'vitest';
import { storage } from './storage.ts';

describe('storage helper (SPEC §7 Storage) over localStorage', () => {
  it('stores strings as they are and other values as JSON', () => {
    storage.set('xAuthToken', 'tok_123');
    storage.set('transactionLimit', 50000);
    storage.set('jumio', { attempts: 1, decision: null, status: 'INITIATED' });

    expect(localStorage.getItem('xAuthToken')).toBe('tok_123');
    expect(localStorage.getItem('transactionLimit')).toBe('50000');
    expect(storage.get('transactionLimit')).toBe(50000);
    expect(storage.get('jumio')).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
  });

  it('reads a missing key as an empty string and a non-JSON value as its text', () => {
    localStorage.setItem('plain', 'not json {');
    expect(storage.get('missing')).toBe('');
    expect(storage.get('plain')).toBe('not json {');
  });

  it('removes by key', () => {
    storage.set('user', { _id: 'u1', role: 'USER' });
    storage.remove('user');
    expect(localStorage.getItem('user')).toBeNull();
    expect(storage.get('user')).toBe('');
  });
});
