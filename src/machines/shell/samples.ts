import type { AppStatus, LoginResponse } from '../../model/auth.ts';
import type { SessionUser } from '../../model/session-user.ts';

/** Sample users and answers, for generating paths (registry) and for tests. */

export const distributorUser: SessionUser = {
  id: 2,
  email: 'leader@harbor.test',
  name: 'Lena Leader',
  title: 'Leadership',
  isInternalAdmin: false,
  internalAdmin: false,
  exportUser: false,
  isAdmin: false,
  isGroup: false,
  displayIntel: true,
  displayInvoice: true,
  displayPaymentInfo: true,
  isMultiHouse: false,
  channelPartner: { distributor_id: 10 },
  activeDistributor: { id: 10, platform_id: 'CP-000010', nickname: 'Harbor Foods' },
  impersonateAs: null,
};

export const repUser: SessionUser = {
  ...distributorUser,
  id: 3,
  email: 'rep@harbor.test',
  name: 'Rory Rep',
  title: 'Distributor Rep',
  displayIntel: false,
  displayInvoice: false,
  displayPaymentInfo: false,
};

export const adminUser: SessionUser = {
  ...distributorUser,
  id: 1,
  email: 'admin@portal.test',
  name: 'Ada Admin',
  title: 'Admin',
  isInternalAdmin: true,
  internalAdmin: true,
  channelPartner: null,
  activeDistributor: null,
};

export const noPartnerUser: SessionUser = {
  ...distributorUser,
  id: 4,
  email: 'nopartner@portal.test',
  name: 'Nora Nopartner',
  channelPartner: null,
  activeDistributor: null,
};

export const loginAs = (user: SessionUser): LoginResponse => ({ authKey: `key-${user.id}`, user });

export const statusUp: AppStatus = { maintenance: false, version: 'test' };
export const statusDown: AppStatus = { maintenance: true, version: 'test' };
