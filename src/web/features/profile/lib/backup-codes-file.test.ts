import { describe, expect, it } from 'vitest'
import { backupCodesText, manualEntryKey } from './backup-codes-file'

describe('backup codes and the manual key', () => {
  it('writes one code a line under a heading naming the account', () => {
    expect(backupCodesText('ada@example.com', ['aaaaa-bbbbb', 'ccccc-ddddd']).split('\n')).toEqual([
      'Rowcraft backup codes for ada@example.com',
      'Each code signs you in once.',
      '',
      'aaaaa-bbbbb',
      'ccccc-ddddd',
      '',
    ])
  })
  it('reads the key of an otpauth URI in groups of four', () => {
    expect(manualEntryKey('otpauth://totp/Rowcraft:ada%40example.com?secret=JBSWY3DPEHPK3PXPJ&issuer=Rowcraft')).toBe('JBSW Y3DP EHPK 3PXP J')
  })
})
