/** "$150.00": an amount in cents (the smallest unit of `currency`) as the site writes it. */
export const formatAmount = (cents: number, currency = "usd"): string =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
