// Delivery stations in the Kathmandu valley and Pokhara, with road distances (km) to the local
// levels each serves. Together they cover every local level of Kathmandu, Lalitpur, Bhaktapur and Kaski.

export interface StationSeed {
  name: string;
  address: string;
  /** [local level name, district name] as in nepal-locations.json. */
  municipality: [string, string];
  covers: [municipality: string, district: string, distanceKm: number][];
}

export const demoStations: StationSeed[] = [
  {
    name: 'Baneshwor Station',
    address: 'New Baneshwor, Kathmandu',
    municipality: ['Kathmandu', 'Kathmandu'],
    covers: [
      ['Kathmandu', 'Kathmandu', 3],
      ['Kirtipur', 'Kathmandu', 8],
      ['Lalitpur', 'Lalitpur', 4],
      ['Madhyapur Thimi', 'Bhaktapur', 7],
      ['Kageshwari-Manohara', 'Kathmandu', 9],
    ],
  },
  {
    name: 'Kalanki Station',
    address: 'Kalanki Chowk, Kathmandu',
    municipality: ['Kathmandu', 'Kathmandu'],
    covers: [
      ['Kathmandu', 'Kathmandu', 3],
      ['Chandragiri', 'Kathmandu', 5],
      ['Kirtipur', 'Kathmandu', 4],
      ['Nagarjun', 'Kathmandu', 5],
      ['Dakshinkali', 'Kathmandu', 14],
      ['Tarakeshwar', 'Kathmandu', 9],
    ],
  },
  {
    name: 'Lalitpur (Pulchowk) Station',
    address: 'Pulchowk, Lalitpur',
    municipality: ['Lalitpur', 'Lalitpur'],
    covers: [
      ['Lalitpur', 'Lalitpur', 2],
      ['Mahalaxmi', 'Lalitpur', 6],
      ['Godawari', 'Lalitpur', 9],
      ['Konjyosom', 'Lalitpur', 19],
      ['Mahankal', 'Lalitpur', 21],
      ['Bagmati', 'Lalitpur', 24],
      ['Kathmandu', 'Kathmandu', 5],
      ['Kirtipur', 'Kathmandu', 6],
    ],
  },
  {
    name: 'Bhaktapur Station',
    address: 'Suryabinayak Chowk, Bhaktapur',
    municipality: ['Bhaktapur', 'Bhaktapur'],
    covers: [
      ['Bhaktapur', 'Bhaktapur', 2],
      ['Suryabinayak', 'Bhaktapur', 3],
      ['Changunarayan', 'Bhaktapur', 6],
      ['Madhyapur Thimi', 'Bhaktapur', 5],
      ['Kageshwari-Manohara', 'Kathmandu', 9],
      ['Shankharapur', 'Kathmandu', 15],
    ],
  },
  {
    name: 'Maharajgunj Station',
    address: 'Maharajgunj Chakrapath, Kathmandu',
    municipality: ['Kathmandu', 'Kathmandu'],
    covers: [
      ['Kathmandu', 'Kathmandu', 3],
      ['Tokha', 'Kathmandu', 4],
      ['Budhalikantha', 'Kathmandu', 6],
      ['Tarakeshwar', 'Kathmandu', 7],
      ['Nagarjun', 'Kathmandu', 8],
      ['Gokarneshwar', 'Kathmandu', 8],
    ],
  },
  {
    name: 'Koteshwor Station',
    address: 'Koteshwor Chowk, Kathmandu',
    municipality: ['Kathmandu', 'Kathmandu'],
    covers: [
      ['Kathmandu', 'Kathmandu', 4],
      ['Madhyapur Thimi', 'Bhaktapur', 4],
      ['Kageshwari-Manohara', 'Kathmandu', 5],
      ['Lalitpur', 'Lalitpur', 5],
      ['Mahalaxmi', 'Lalitpur', 4],
      ['Suryabinayak', 'Bhaktapur', 7],
    ],
  },
  {
    name: 'Budhanilkantha Station',
    address: 'Narayanthan, Budhanilkantha',
    municipality: ['Budhalikantha', 'Kathmandu'],
    covers: [
      ['Budhalikantha', 'Kathmandu', 2],
      ['Tokha', 'Kathmandu', 6],
      ['Gokarneshwar', 'Kathmandu', 7],
      ['Kathmandu', 'Kathmandu', 8],
      ['Tarakeshwar', 'Kathmandu', 9],
      ['Shankharapur', 'Kathmandu', 12],
    ],
  },
  {
    name: 'Jorpati Station',
    address: 'Jorpati, Gokarneshwar',
    municipality: ['Gokarneshwar', 'Kathmandu'],
    covers: [
      ['Gokarneshwar', 'Kathmandu', 3],
      ['Kageshwari-Manohara', 'Kathmandu', 5],
      ['Kathmandu', 'Kathmandu', 5],
      ['Shankharapur', 'Kathmandu', 11],
      ['Changunarayan', 'Bhaktapur', 12],
    ],
  },
  {
    name: 'Pokhara Lakeside Station',
    address: 'Lakeside, Pokhara',
    municipality: ['Pokhara', 'Kaski'],
    covers: [
      ['Pokhara', 'Kaski', 2],
      ['Annapurna', 'Kaski', 22],
      ['Machhapuchchhre', 'Kaski', 21],
    ],
  },
  {
    name: 'Pokhara Prithvi Chowk Station',
    address: 'Prithvi Chowk, Pokhara',
    municipality: ['Pokhara', 'Kaski'],
    covers: [
      ['Pokhara', 'Kaski', 2],
      ['Rupa', 'Kaski', 16],
      ['Madi', 'Kaski', 24],
      ['Machhapuchchhre', 'Kaski', 18],
    ],
  },
  {
    name: 'Pokhara Bagar Station',
    address: 'Bagar, Pokhara',
    municipality: ['Pokhara', 'Kaski'],
    covers: [
      ['Pokhara', 'Kaski', 3],
      ['Machhapuchchhre', 'Kaski', 14],
      ['Annapurna', 'Kaski', 20],
      ['Madi', 'Kaski', 22],
      ['Rupa', 'Kaski', 19],
    ],
  },
];
