import { describe, expect, it } from 'vitest'
import { money } from '../money'
import { balanceAfterTradeIn } from './balance'

describe('the balance after a trade-in', () => {
  it('takes the estimate off the price, to the cent', () => {
    // €52,990.00 − €12,345.67 = €40,644.33
    expect(balanceAfterTradeIn(money(5_299_000, 'EUR'), money(1_234_567, 'EUR'))).toEqual({
      toPay: money(4_064_433, 'EUR'),
      toReceive: money(0, 'EUR'),
    })
  })

  it('works in whole krónur', () => {
    // ISK 7,490,000 − ISK 2,150,500 = ISK 5,339,500
    expect(balanceAfterTradeIn(money(7_490_000, 'ISK'), money(2_150_500, 'ISK'))?.toPay).toEqual(
      money(5_339_500, 'ISK'),
    )
  })

  it('owes the customer what an estimate above the price exceeds it by', () => {
    // NOK 300,000.00 − NOK 312,500.50: nothing to pay, NOK 12,500.50 to receive
    expect(balanceAfterTradeIn(money(30_000_000, 'NOK'), money(31_250_050, 'NOK'))).toEqual({
      toPay: money(0, 'NOK'),
      toReceive: money(1_250_050, 'NOK'),
    })
  })

  it('pays nothing and receives nothing when the estimate equals the price', () => {
    expect(balanceAfterTradeIn(money(100, 'SEK'), money(100, 'SEK'))).toEqual({
      toPay: money(0, 'SEK'),
      toReceive: money(0, 'SEK'),
    })
  })

  it('gives no figure for an estimate in another currency', () => {
    expect(balanceAfterTradeIn(money(5_299_000, 'EUR'), money(15_000_000, 'SEK'))).toBeNull()
  })
})
