// The invoice's total in words, as bills in Nepal write it: the South Asian grouping (thousand,
// lakh, crore), "Rupees One Lakh Two Thousand Three Hundred Forty-Five and Fifty Paisa Only".

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : TENS[Math.floor(n / 10)];
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words ("Zero" for 0); crores repeat for larger amounts. */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees Twelve and Fifty Paisa Only"; no paisa part when there are none. */
export function amountInWords(paisa: number): string {
  const rupees = Math.floor(paisa / 100);
  const rest = paisa % 100;
  const paisaPart = rest ? ` and ${belowHundred(rest)} Paisa` : '';
  return `Rupees ${numberInWords(rupees)}${paisaPart} Only`;
}

// Nepali number words below 100 are not built from tens and units (23 तेइस, 39 उनन्चालीस, 99
// उनान्सय): a table, as Nepali grammars and bank cheques list them.
// biome-ignore format: ten words a line, by tens
const NEPALI_BELOW_HUNDRED = [
  'शून्य', 'एक', 'दुई', 'तीन', 'चार', 'पाँच', 'छ', 'सात', 'आठ', 'नौ',
  'दश', 'एघार', 'बाह्र', 'तेह्र', 'चौध', 'पन्ध्र', 'सोह्र', 'सत्र', 'अठार', 'उन्नाइस',
  'बीस', 'एक्काइस', 'बाइस', 'तेइस', 'चौबिस', 'पच्चिस', 'छब्बिस', 'सत्ताइस', 'अठ्ठाइस', 'उनन्तिस',
  'तीस', 'एकतिस', 'बत्तिस', 'तेत्तिस', 'चौँतिस', 'पैँतिस', 'छत्तिस', 'सैँतीस', 'अठतीस', 'उनन्चालीस',
  'चालीस', 'एकचालीस', 'बयालीस', 'त्रियालीस', 'चवालीस', 'पैँतालीस', 'छयालीस', 'सच्चालीस', 'अठचालीस', 'उनन्चास',
  'पचास', 'एकाउन्न', 'बाउन्न', 'त्रिपन्न', 'चउन्न', 'पचपन्न', 'छपन्न', 'सन्ताउन्न', 'अन्ठाउन्न', 'उनन्साठी',
  'साठी', 'एकसट्ठी', 'बयसट्ठी', 'त्रिसट्ठी', 'चौंसट्ठी', 'पैंसट्ठी', 'छयसट्ठी', 'सतसट्ठी', 'अठसट्ठी', 'उनन्सत्तरी',
  'सत्तरी', 'एकहत्तर', 'बहत्तर', 'त्रिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छयहत्तर', 'सतहत्तर', 'अठहत्तर', 'उनासी',
  'असी', 'एकासी', 'बयासी', 'त्रियासी', 'चौरासी', 'पचासी', 'छयासी', 'सतासी', 'अठासी', 'उनान्नब्बे',
  'नब्बे', 'एकान्नब्बे', 'बयानब्बे', 'त्रियान्नब्बे', 'चौरान्नब्बे', 'पन्चानब्बे', 'छयान्नब्बे', 'सन्तान्नब्बे', 'अन्ठान्नब्बे', 'उनान्सय',
];

/** A whole number in Nepali words: सय, हजार, लाख, करोड ("शून्य" for 0); crores repeat for larger amounts. */
export function numberInNepaliWords(n: number): string {
  if (n === 0) return NEPALI_BELOW_HUNDRED[0];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  return [
    crore ? `${numberInNepaliWords(crore)} करोड` : '',
    lakh ? `${NEPALI_BELOW_HUNDRED[lakh]} लाख` : '',
    thousand ? `${NEPALI_BELOW_HUNDRED[thousand]} हजार` : '',
    hundred ? `${NEPALI_BELOW_HUNDRED[hundred]} सय` : '',
    rest ? NEPALI_BELOW_HUNDRED[rest] : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "रु. एक हजार दुई सय पचास र पैसा पचास मात्र"; no paisa part when there are none. */
export function amountInNepaliWords(paisa: number): string {
  const rupees = Math.floor(paisa / 100);
  const rest = paisa % 100;
  const paisaPart = rest ? ` र पैसा ${NEPALI_BELOW_HUNDRED[rest]}` : '';
  return `रु. ${numberInNepaliWords(rupees)}${paisaPart} मात्र`;
}
