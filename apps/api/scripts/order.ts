// `npm run order -- <orderId> <status> [--reason "…"] [--by <staff e-mail or phone>]`: moves an order
// along its lifecycle as a staff member, through the same service the staff console will call
// (transitionOrder). Until the console exists this is how an order gets Packed, Out for Delivery,
// Delivered or Cancelled. It opens the configured database like the server does: DATABASE_URL, or
// the PGlite folder in DATA_DIR (default ./data), holding the folder's lock: while the shop runs on
// that folder the script refuses (exit 75), since two processes writing one folder would corrupt it.
import { join } from 'node:path';
import { ORDER_STATUSES, type OrderStatus } from '@pasal/contract/orders';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { loadConfig, resolveDataDir } from '../src/config';
import { type Db, openDatabase } from '../src/db/client';
import { orders } from '../src/db/schema/orders';
import { users } from '../src/db/schema/users';
import { acquireDataDirLock, DataDirInUseError, type DataDirLock } from '../src/lib/data-dir-lock';
import { AppError } from '../src/lib/errors';
import { FORWARD_PATH, transitionOrder } from '../src/modules/orders/order-transitions';

const USAGE = `Usage: npm run order -- <orderId> <status> [--reason "…"] [--by <staff e-mail or phone>]
  status: packed | out-for-delivery | delivered | cancelled (or the names as written: "Out for Delivery")
  A later forward status walks the order through each step before it (each recorded).
  --reason is required to cancel. --by may be left out when there is exactly one staff account.`;

class UsageError extends Error {}

/** "out-for-delivery", "Out for Delivery", "out_for_delivery" → "Out for Delivery". */
function parseStatus(text: string): OrderStatus {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ');
  const found = ORDER_STATUSES.find((status) => status.toLowerCase() === wanted);
  if (!found) throw new UsageError(`Unknown status "${text}".`);
  return found;
}

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const match = /^--(reason|by)(?:=(.*))?$/.exec(arg);
    if (match) {
      const value = match[2] ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${match[1]} needs a value.`);
      options[match[1]] = value;
    } else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  if (positional.length !== 2) throw new UsageError('Give an order id and a status.');
  const orderId = Number(positional[0]);
  if (!Number.isSafeInteger(orderId) || orderId <= 0)
    throw new UsageError(`"${positional[0]}" is not an order id.`);
  return { orderId, to: parseStatus(positional[1]), reason: options.reason, by: options.by };
}

async function findStaff(db: Db, by: string | undefined): Promise<{ id: number; label: string }> {
  const live = and(
    eq(users.isStaff, true),
    eq(users.isActive, true),
    isNull(users.disabledAt),
    isNull(users.deletedAt),
  );
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(by ? and(live, or(sql`lower(${users.email}) = lower(${by})`, eq(users.phone, by))) : live)
    .limit(2);
  if (by && rows.length === 0)
    throw new UsageError(`No active staff account has the e-mail or phone "${by}".`);
  if (!by && rows.length !== 1)
    throw new UsageError(
      rows.length === 0
        ? 'There is no active staff account.'
        : 'There are several staff accounts: say which with --by.',
    );
  return { id: rows[0].id, label: rows[0].email ?? rows[0].phone ?? `user ${rows[0].id}` };
}

/** The statuses to pass through: one step, or each forward step up to a later forward status. */
async function stepsTo(db: Db, orderId: number, to: OrderStatus): Promise<OrderStatus[]> {
  const [order] = await db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId));
  const from = FORWARD_PATH.indexOf(order?.status ?? 'Cancelled');
  const target = FORWARD_PATH.indexOf(to);
  if (from < 0 || target <= from + 1) return [to];
  return FORWARD_PATH.slice(from + 1, target + 1);
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolveDataDir();
  let lock: DataDirLock | undefined;
  if (!databaseUrl) {
    try {
      lock = acquireDataDirLock(dataDir, 'script');
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(
        `${error.message}\nWith the embedded database, stop the shop first (or run it on PostgreSQL).`,
      );
      return error.exitCode;
    }
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: join(dataDir, 'db') }).catch((error) => {
    lock?.release();
    throw error;
  });
  try {
    const staff = await findStaff(database.db, args.by);
    // The server's configuration: a cancellation that restocks queues "Notify me" messages (decision 053).
    const config = loadConfig();
    for (const to of await stepsTo(database.db, args.orderId, args.to)) {
      const order = await transitionOrder(database.db, config, {
        orderId: args.orderId,
        to,
        by: staff.id,
        reason: args.reason,
      });
      console.log(
        `Order ${order.id} (${order.trackingId}) is now "${order.orderStatus}"; payment ${order.paymentStatus}. By ${staff.label}.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AppError) {
      console.error(`Refused (${error.statusCode}): ${error.message}`);
      return 1;
    }
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '42P01') {
      console.error(
        'The database has no shop in it yet: start the shop once (npm start) or run npm run seed.',
      );
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    lock?.release();
  }
}

process.exitCode = await main();
