import type { Db } from '../../db/database';
import { randomCode } from '../../infra/crypto';

/** A voucher code no other voucher of the owner has, from an alphabet without look-alikes. */
export async function newVoucherCode(trx: Db, ownerId: number): Promise<string> {
  for (;;) {
    const code = randomCode(10);
    const clash = await trx
      .selectFrom('voucher_sales')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!clash) return code;
  }
}
