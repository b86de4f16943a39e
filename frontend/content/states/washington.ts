import type { StateContent } from '../types';

const washington: StateContent = {
  name: 'Washington',
  slug: 'washington',
  abbreviation: 'WA',
  tagline:
    'Puget Sound drizzle or Spokane snow, Washington bulk trash picked up on your schedule, not the city calendar.',
  metaDescription:
    'Bulk trash and junk pickup in Washington: Seattle, Spokane, Tacoma, Vancouver and Bellevue. Same-day or next-day service and free flat-rate quotes from photos.',
  intro: {
    heading: 'Washington Junk Hauling, Both Sides of the Cascades',
    paragraph:
      'The Cascades divide Washington into two very different places. On the west side, Seattle, Tacoma and Bellevue ring Puget Sound, and Vancouver looks across the Columbia River at Portland. Long stretches of gray, rainy weather from fall into spring soak anything left in a carport, and winter windstorms drop branches and whole trees across yards. Dense neighborhoods, steep hills and high-rise condos make moving day tricky, and people here move often. East of the mountains, Spokane gets real winters with snow and cold, then hot, dry summers, and homes there tend to come with more garages, sheds and acreage to clear. Whichever side you are on, you can skip the wait for a collection day. Upload photos, enter your ZIP code, and we will match you with a verified local hauler for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Seattle', zip: '98101' },
    { name: 'Spokane', zip: '99201' },
    { name: 'Tacoma', zip: '98401' },
    { name: 'Vancouver', zip: '98660' },
    { name: 'Bellevue', zip: '98004' },
  ],
  faqs: [
    {
      question: 'Can you haul items from a Seattle or Bellevue high-rise?',
      answer:
        'Yes. Haulers work with loading docks, freight elevators and building move windows. Reserve the elevator if your building requires it and mention any time limits in your request. Photos of the items get you a flat-rate quote, typically within minutes, with no hidden fees.',
    },
    {
      question: 'Will a hauler pick up trees and branches after a windstorm?',
      answer:
        'Yes. Downed limbs, brush, broken fencing and damaged sheds are accepted. Cut branches into manageable lengths if you can and photograph the whole pile. Large trunks may need a tree service before hauling, and anything tangled in power lines should be left to the utility.',
    },
    {
      question: 'Is pickup in Spokane affected by snow?',
      answer:
        'Haulers in Spokane work through the winter, but heavy snow or ice can push a pickup back by a day. Clear a path to your items and mention steep or icy driveways. The rest of the year, same-day or next-day pickup is typical in Spokane and its suburbs.',
    },
    {
      question: 'Can you empty a packed garage in Tacoma or Vancouver?',
      answer:
        'Yes. Damp weather means boxes and old furniture stored in garages often turn musty or moldy. Haulers clear everything from broken tools and old bikes to soggy cardboard, couches and workbenches. Set aside paint, motor oil and garden chemicals, which are hazardous and cannot be taken.',
    },
    {
      question: 'Do haulers serve rural Washington?',
      answer:
        'Yes. Our network reaches small towns, farms and acreage on both sides of the Cascades. Rural pickups typically take 24-48 hours because of the distance. Give clear directions, note gates or long gravel drives, and tell the hauler where the items will be waiting.',
    },
  ],
};

export default washington;
