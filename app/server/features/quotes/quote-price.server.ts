/**
 * A quote's price as the customer is told it (decision 037): the content shown with the words of when the balance
 * is due, and each option's whole price in words for the e-mails and the text message, from priceOfOption
 * (app/forms/quote.ts), the one source of the figures.
 */
import { priceBook } from "../../../content/price-book.ts";
import {
  formatCents,
  priceOfOption,
  type QuoteContent,
  type ShownContent,
  wholePriceText,
} from "../../../forms/quote.ts";

/** A version's content as shown: with the words of when the balance is due (today's, for versions saved before). */
export const shownContent = (content: QuoteContent): ShownContent => ({
  ...content,
  balanceDue: content.balanceDue ?? priceBook.quotes.balanceDue,
});

/** The whole price of a quote's options in words, for the quote's e-mail and text ("Better: $420. $105 deposit…"). */
export const optionPriceTexts = (content: QuoteContent, depositsOnline: boolean) => {
  const shown = shownContent(content);
  return shown.options.map((option) => ({
    label: option.label,
    total: formatCents(option.totalCents),
    due: wholePriceText(priceOfOption(shown, option, depositsOnline), shown.balanceDue),
  }));
};
