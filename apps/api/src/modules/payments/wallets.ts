import type { AppConfig } from '../../config';
import { createEsewaProvider, type EsewaSettings } from './esewa-provider';
import { ESEWA_UAT_PRODUCT_CODE, ESEWA_UAT_SECRET } from './esewa-signature';
import { createKhaltiProvider, type KhaltiSettings } from './khalti-provider';
import type { PaymentProvider, WalletName } from './payment-provider';

/** The key the adapter sends to, and the simulator expects from, a simulated Khalti. */
export const KHALTI_SIMULATOR_KEY = 'pasal-khalti-simulator-key';

export const SIMULATOR_PATHS = {
  esewaForm: '/dev/esewa/api/epay/main/v2/form',
  esewaBase: '/dev/esewa',
  khaltiBase: '/dev/khalti/api/v2',
} as const;

export interface Wallet<S> {
  settings: S;
  /** True when the adapter talks to our own simulator rather than the provider. */
  simulated: boolean;
}

/** Simulators exist only outside production. */
export function simulatorsEnabled(config: AppConfig): boolean {
  return config.env !== 'production';
}

/** eSewa: real credentials when given; else the simulator outside production; else off. */
export function esewaWallet(config: AppConfig, browserBase?: string): Wallet<EsewaSettings> | undefined {
  if (config.esewa) return { settings: config.esewa, simulated: false };
  if (!simulatorsEnabled(config)) return undefined;
  return {
    simulated: true,
    settings: {
      productCode: ESEWA_UAT_PRODUCT_CODE,
      secretKey: ESEWA_UAT_SECRET,
      // The browser posts the form: to the simulator where this shopper reached the shop.
      formUrl: `${browserBase ?? config.publicUrl}${SIMULATOR_PATHS.esewaForm}`,
      statusUrl: `${config.publicUrl}${SIMULATOR_PATHS.esewaBase}`,
    },
  };
}

export function khaltiWallet(config: AppConfig): Wallet<KhaltiSettings> | undefined {
  if (config.khalti) return { settings: config.khalti, simulated: false };
  if (!simulatorsEnabled(config)) return undefined;
  return {
    simulated: true,
    settings: {
      secretKey: KHALTI_SIMULATOR_KEY,
      baseUrl: `${config.publicUrl}${SIMULATOR_PATHS.khaltiBase}`,
    },
  };
}

/** The wallets a customer can pay with now (the checkout offers these, besides cash). */
export function availableWallets(config: AppConfig): { name: WalletName; simulated: boolean }[] {
  const list: { name: WalletName; simulated: boolean }[] = [];
  const esewa = esewaWallet(config);
  if (esewa) list.push({ name: 'esewa', simulated: esewa.simulated });
  const khalti = khaltiWallet(config);
  if (khalti) list.push({ name: 'khalti', simulated: khalti.simulated });
  return list;
}

/**
 * The adapter for a wallet, or undefined when that wallet is off. browserBase (outside production,
 * browser-base.ts): where the shopper reached the shop, for a simulator's browser-facing address.
 */
export function paymentProvider(
  config: AppConfig,
  name: WalletName,
  browserBase?: string,
): PaymentProvider | undefined {
  if (name === 'esewa') {
    const wallet = esewaWallet(config, browserBase);
    return wallet && createEsewaProvider(wallet.settings);
  }
  const wallet = khaltiWallet(config);
  return wallet && createKhaltiProvider(wallet.settings);
}
