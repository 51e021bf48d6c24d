/**
 * The Get Help page's questions (accounts spec §2.8), answered for this portal: what the numbers
 * mean (docs/domain notes), who sees what (§6), how invoices are read (docs/invoices.md).
 * Plain data, so a test can check every answer names something real.
 */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqEntry[] = [
  {
    question: 'What is Total Volume on the dashboard?',
    answer:
      'The value of everything your merchants (the locations assigned to you in the active house) bought in the chosen date range, from anyone. ' +
      'A purchase line counts as quantity × the unit price the distributor reported; where no price was reported, quantity × the middle of the Market Index, the GPO’s estimate of the price.',
  },
  {
    question: 'What is Competitor Volume, and who counts as a competitor?',
    answer:
      'The part of Total Volume your merchants bought from other distributors. Purchases from any house of your own family count as yours, not as a competitor’s.',
  },
  {
    question: 'How are Total Rebates and Annualized Rebates worked out?',
    answer:
      'Total Rebates estimates the manufacturer rebates earned on what your merchants bought from your house in the range, using the rebate in force on each invoice date: ' +
      'a fixed amount per quantity or per pack weight, or a percentage of the line’s volume. Annualized Rebates scales that to a year: Total Rebates × 365 ÷ the days in the range.',
  },
  {
    question: 'What do the lost categories and lost items show?',
    answer:
      'What your merchants bought from competitors, grouped by category or by item and ranked by volume, with the rebate and the deviated-price saving those purchases would have earned had they been bought from your house.',
  },
  {
    question: 'What is a deviation?',
    answer: 'A lower (deviated) price a manufacturer grants on an item bought through your house. Rebates & Deviations lists the ones on items your house carries, and every rebate in the program.',
  },
  {
    question: 'Who sees which merchants and screens?',
    answer:
      'You see the merchants of your active house that are assigned to you; Admin and Leadership users and users invited to all locations see every merchant of the house. ' +
      'Intel needs the Intel permission, Invoice Scanning the invoice permission, Payment Information the payment-info permission. Your Admin or Leadership users grant these in User Management.',
  },
  {
    question: 'How do I switch between houses?',
    answer: 'If you work for several houses of your family, pick the house in the header; every screen then shows that house’s merchants and numbers.',
  },
  {
    question: 'How are uploaded invoices read?',
    answer:
      'Upload photos or scans (png, jpg or gif, at most 10 MB each) under Invoice Scanning. The portal reads the text of each image on its own server, splits it into line items ' +
      '(description, brand, pack, quantity, unit, price) and checks their prices against your house’s deviated prices. The invoice shows “inprocessing” while this runs, then “done”, or “problem” with the reason.',
  },
  {
    question: 'Why can’t I log in, or where is my invitation?',
    answer:
      'A new sign-up waits until an Admin or Leadership user of your distributor approves it; you are emailed when they decide. Invitation and password-reset links are emailed and expire (invitations after 7 days, reset links after an hour). Use Forgot Password to get a new link.',
  },
];

/** No how-to videos are published for this portal yet: the page says so instead of linking to none. */
export const NO_VIDEOS_MESSAGE = 'No how-to videos have been published yet. The answers above and your Admin or Leadership users can help in the meantime.';
