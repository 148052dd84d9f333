import type { MonitoredDataType } from '@tern/domain';
import type { Breach, BreachRecord } from '../port.ts';

/**
 * The data class Have I Been Pwned lists for a breach holding identifiers of each type: a
 * planted record adds its type's class to the breach, so that what the alert says was exposed
 * includes what was found.
 */
export const DATA_CLASS_OF_TYPE: Record<MonitoredDataType, string> = {
  BANK_ACCOUNT: 'Bank account numbers',
  CARD: 'Credit cards',
  EMAIL_ADDRESS: 'Email addresses',
  PHONE_NUMBER: 'Phone numbers',
  NATIONAL_ID: 'Government issued IDs',
  PASSPORT: 'Passport numbers',
  DRIVING_LICENCE: "Driver's licenses",
  MEDICAL_ID: 'Health insurance information',
  IBAN: 'Bank account numbers',
  OTHER_CARD: 'Loyalty program details',
};

/** A breach of the corpus: its facts, how many accounts it claims, and a few of its records. */
export interface CorpusBreach {
  breach: Breach;
  pwnCount: number;
  records: BreachRecord[];
}

const breach = (
  facts: Omit<Breach, 'isVerified' | 'isFabricated' | 'isSpamList' | 'isSensitive'> &
    Partial<Pick<Breach, 'isVerified' | 'isFabricated' | 'isSpamList' | 'isSensitive'>>,
): Breach => ({
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
  ...facts,
});

const emails = (...values: string[]): BreachRecord[] =>
  values.map((value) => ({ dataType: 'EMAIL_ADDRESS', value }));

/**
 * The simulator's synthetic corpus: breaches of invented services (every domain under the
 * reserved `.example` top-level domain) with the mix a real source has — verified and not, one
 * fabricated, one spam list, one sensitive — and data classes as Have I Been Pwned names them.
 * Its records are made-up identifiers at `.example` domains and numbers no one holds, so the
 * corpus matches nobody until the operator plants a record (`npm run sim -- breach add`).
 */
export const BREACH_CORPUS: readonly CorpusBreach[] = [
  {
    breach: breach({
      name: 'QuillPost',
      title: 'QuillPost',
      domain: 'quillpost.example',
      breachDate: '2019-03-14',
      addedDate: '2019-06-02T09:41:00.000Z',
      dataClasses: ['Email addresses', 'Names', 'Passwords', 'Usernames'],
      description:
        'In March 2019, the newsletter platform QuillPost had its user database copied through an exposed backup. The data held names, usernames, email addresses and passwords stored as unsalted SHA-1 hashes.',
    }),
    pwnCount: 2_184_330,
    records: emails('ink.wanderer.1987@mailbox.example', 'r.okonkwo-quill@inbox.example'),
  },
  {
    breach: breach({
      name: 'HarbourFit',
      title: 'HarbourFit',
      domain: 'harbourfit.example',
      breachDate: '2020-01-22',
      addedDate: '2020-04-17T16:05:00.000Z',
      dataClasses: [
        'Dates of birth',
        'Email addresses',
        'Genders',
        'Names',
        'Phone numbers',
        'Physical addresses',
      ],
      description:
        "In January 2020, members' profiles of the gym chain HarbourFit were taken from a misconfigured analytics database, including dates of birth, phone numbers and home addresses.",
    }),
    pwnCount: 611_904,
    records: [
      ...emails('liftlog.member.4471@mailbox.example'),
      { dataType: 'PHONE_NUMBER', value: '+44 7700 900431' },
    ],
  },
  {
    breach: breach({
      name: 'LumenVoyages',
      title: 'Lumen Voyages',
      domain: 'lumenvoyages.example',
      breachDate: '2021-07-09',
      addedDate: '2021-09-30T11:20:00.000Z',
      dataClasses: [
        'Dates of birth',
        'Email addresses',
        'Names',
        'Nationalities',
        'Passport numbers',
        'Phone numbers',
      ],
      description:
        "In July 2021, the tour operator Lumen Voyages exposed travellers' booking records in a public storage bucket. They held passport numbers with names, nationalities and dates of birth.",
    }),
    pwnCount: 318_562,
    records: [
      ...emails('atlas.traveller.09@inbox.example'),
      { dataType: 'PASSPORT', value: 'ZX9081726' },
      { dataType: 'PHONE_NUMBER', value: '+1 613 555 0148' },
    ],
  },
  {
    breach: breach({
      name: 'CobaltMart',
      title: 'CobaltMart',
      domain: 'cobaltmart.example',
      breachDate: '2022-02-11',
      addedDate: '2022-05-03T08:12:00.000Z',
      dataClasses: [
        'Credit card CVV',
        'Credit cards',
        'Email addresses',
        'Names',
        'Physical addresses',
      ],
      description:
        "In February 2022, card skimming code was injected into the checkout of the online retailer CobaltMart. It captured shoppers' card numbers with their security codes, names and delivery addresses for eleven weeks.",
    }),
    pwnCount: 94_215,
    records: [
      ...emails('bargain.hunter.77@mailbox.example'),
      { dataType: 'CARD', value: '9400 1100 0000 4471' },
    ],
  },
  {
    breach: breach({
      name: 'BrightwaterCreditUnion',
      title: 'Brightwater Credit Union',
      domain: 'brightwatercu.example',
      breachDate: '2022-10-28',
      addedDate: '2023-01-19T14:30:00.000Z',
      dataClasses: [
        'Bank account numbers',
        'Email addresses',
        'Government issued IDs',
        'Names',
        'Physical addresses',
      ],
      description:
        "In October 2022, a supplier of Brightwater Credit Union lost a file of members' records holding account numbers, government-issued ID numbers, names and addresses.",
    }),
    pwnCount: 57_880,
    records: [
      ...emails('member.0042.bw@inbox.example'),
      { dataType: 'BANK_ACCOUNT', value: '00009912345678' },
      { dataType: 'IBAN', value: 'XX00 BWCU 0000 0000 1234 56' },
      { dataType: 'NATIONAL_ID', value: 'ZZ000000Z' },
    ],
  },
  {
    breach: breach({
      name: 'MeadowMatch',
      title: 'MeadowMatch',
      domain: 'meadowmatch.example',
      breachDate: '2023-03-05',
      addedDate: '2023-04-11T20:48:00.000Z',
      dataClasses: [
        'Dates of birth',
        'Email addresses',
        'Passwords',
        'Sexual orientations',
        'Usernames',
      ],
      description:
        'In March 2023, the dating service MeadowMatch was breached and its member data later traded on a forum. Being a member of the service says something about a person, so the breach is flagged as sensitive.',
      isSensitive: true,
    }),
    pwnCount: 1_402_117,
    records: emails('quiet.meadow.lark@mailbox.example'),
  },
  {
    breach: breach({
      name: 'ParcelPilot',
      title: 'ParcelPilot',
      domain: 'parcelpilot.example',
      breachDate: '2023-08-16',
      addedDate: '2023-11-02T10:03:00.000Z',
      dataClasses: ['Email addresses', 'Names', 'Phone numbers', 'Physical addresses'],
      description:
        'In August 2023, a file said to come from the parcel tracking service ParcelPilot appeared on a hacking forum. The service has not confirmed it, and the data could not be shown to be genuine beyond doubt.',
      isVerified: false,
    }),
    pwnCount: 3_770_451,
    records: [
      ...emails('doorstep.delivery.22@inbox.example'),
      { dataType: 'PHONE_NUMBER', value: '+33 6 39 98 00 48' },
    ],
  },
  {
    breach: breach({
      name: 'OrbitLeadsSpamList',
      title: 'OrbitLeads Spam List',
      domain: '',
      breachDate: '2024-01-07',
      addedDate: '2024-02-14T07:55:00.000Z',
      dataClasses: ['Email addresses', 'Names'],
      description:
        'In January 2024, a marketing list used by a spam operation calling itself OrbitLeads was found on an open server. It is a list of addresses to send unsolicited mail to, not a breach of any service.',
      isSpamList: true,
    }),
    pwnCount: 48_655_203,
    records: emails('promo.target.5531@mailbox.example', 'no.reply.please@inbox.example'),
  },
  {
    breach: breach({
      name: 'CloudNimbus',
      title: 'CloudNimbus (fabricated)',
      domain: 'cloudnimbus.example',
      breachDate: '2024-05-20',
      addedDate: '2024-06-25T13:17:00.000Z',
      dataClasses: ['Email addresses', 'Passwords'],
      description:
        'In May 2024, a list sold as a breach of the file storage service CloudNimbus circulated. Its accounts were found to be drawn from older breaches of other services: the breach is believed to be fabricated, though the addresses in it are real.',
      isVerified: false,
      isFabricated: true,
    }),
    pwnCount: 8_024_990,
    records: emails('nimbus.user.8812@inbox.example'),
  },
  {
    breach: breach({
      name: 'CareLinkClinics',
      title: 'CareLink Clinics',
      domain: 'carelinkclinics.example',
      breachDate: '2024-09-03',
      addedDate: '2024-10-15T09:00:00.000Z',
      dataClasses: [
        'Dates of birth',
        'Email addresses',
        'Health insurance information',
        'Names',
        'Phone numbers',
      ],
      description:
        "In September 2024, ransomware operators took patients' records from the CareLink Clinics group, including health insurance numbers with names, dates of birth and contact details.",
    }),
    pwnCount: 206_318,
    records: [
      ...emails('patient.portal.3310@mailbox.example'),
      { dataType: 'MEDICAL_ID', value: '000 000 0019' },
    ],
  },
  {
    breach: breach({
      name: 'RoadReadyRentals',
      title: 'RoadReady Rentals',
      domain: 'roadreadyrentals.example',
      breachDate: '2025-02-18',
      addedDate: '2025-04-08T15:42:00.000Z',
      dataClasses: [
        'Dates of birth',
        "Driver's licenses",
        'Email addresses',
        'Names',
        'Phone numbers',
      ],
      description:
        'In February 2025, data said to be the customer records of the car rental firm RoadReady Rentals was offered for sale, with driving licence numbers and dates of birth. The firm has not confirmed the breach.',
      isVerified: false,
    }),
    pwnCount: 129_007,
    records: [
      ...emails('open.road.renter@inbox.example'),
      { dataType: 'DRIVING_LICENCE', value: 'ZZZZZ000000ZZ0ZZ' },
    ],
  },
  {
    breach: breach({
      name: 'LoyaltyLoop',
      title: 'LoyaltyLoop Rewards',
      domain: 'loyaltyloop.example',
      breachDate: '2025-06-30',
      addedDate: '2025-08-21T12:26:00.000Z',
      dataClasses: ['Email addresses', 'Loyalty program details', 'Names', 'Passwords'],
      description:
        "In June 2025, the rewards programme LoyaltyLoop had its members' accounts taken, with membership card numbers, names and passwords stored as bcrypt hashes.",
    }),
    pwnCount: 742_660,
    records: [
      ...emails('points.collector.64@mailbox.example'),
      { dataType: 'OTHER_CARD', value: 'LL00000000427' },
    ],
  },
];
