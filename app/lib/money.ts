/** "$150.00": an amount in cents (the smallest unit of `currency`) as the site writes it. */
export const formatAmount = (cents: number, currency = "usd"): string =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

/** "$1,234.50", or "$1,234" for whole dollars: an amount in US cents as quotes, e-mails and the report write it. */
export const formatCents = (cents: number): string =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
