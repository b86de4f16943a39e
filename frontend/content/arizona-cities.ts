import type { ArizonaCityContent } from './types';

/** The five Arizona city pages, at `/cities/{slug}`, in the order of Arizona's city links. */
export const arizonaCities: readonly ArizonaCityContent[] = [
  {
    slug: 'phoenix',
    tagline:
      'Skip the heat and the wait: get your Phoenix bulk trash hauled away today or tomorrow by a local hauler.',
    metaDescription:
      'Same-day or next-day bulk trash and junk pickup in Phoenix, Arizona. Upload photos for a flat-rate quote from a verified local hauler, typically in minutes.',
    intro: {
      heading: 'Junk Removal Across the Phoenix Metro',
      paragraph:
        "Phoenix sprawls across the Valley of the Sun, from older central neighborhoods to newer subdivisions at the edges of the metro, and junk piles up in every one of them. Long, scorching summers are hard on anything left outdoors: patio furniture fades and cracks, worn-out air conditioners and evaporative coolers get replaced, and garages fill with things nobody wants to move in triple-digit heat. Monsoon storms can then add snapped branches and damaged fencing to the list. Loading a borrowed truck and driving it across a metro this size, in that heat, is nobody's idea of a good weekend. Upload photos of your items, enter your ZIP code and get a flat-rate quote, typically within minutes. A verified, licensed and insured local hauler can usually come the same day or the next and do the heavy lifting for you.",
    },
  },
  {
    slug: 'tucson',
    tagline:
      'From desert yard debris to move-out leftovers, Tucson junk gets picked up the same day or the next.',
    metaDescription:
      'Tucson, Arizona bulk trash pickup for move-outs, desert yard debris and old furniture. Same-day or next-day service with flat-rate quotes and no hidden fees.',
    intro: {
      heading: 'Clearing Junk in the Sonoran Desert',
      paragraph:
        'Tucson sits in the Sonoran Desert, ringed by mountains, with homes that range from historic adobe houses near downtown to ranch-style homes and newer developments stretching toward the foothills. When the university semester ends, move-out season leaves couches, mattresses, desks and mini-fridges behind in rentals and apartments near campus, and landlords need units cleared before the next tenants arrive. Desert yards create their own debris, from dead cactus to mesquite and palo verde trimmings, and a single summer monsoon storm can bring down limbs and scatter debris across a property in an afternoon. Instead of waiting for a scheduled city collection, upload photos of what needs to go and get a flat-rate quote, typically within minutes. A verified, licensed and insured local hauler can usually pick everything up the same day or the next.',
    },
  },
  {
    slug: 'mesa',
    tagline:
      'Garage clean-outs, downsizing and yard debris across the East Valley, picked up in Mesa today or tomorrow.',
    metaDescription:
      'Bulk trash and junk removal in Mesa, Arizona and the East Valley. Same-day or next-day pickup by verified local haulers at a flat rate with no hidden fees.',
    intro: {
      heading: 'Bulk Trash Pickup for East Valley Homes',
      paragraph:
        'Mesa is a big East Valley city made up of many distinct neighborhoods: established streets near downtown lined with older homes and mature citrus trees, sprawling family subdivisions, and communities where seasonal residents spend the winter months. Each brings its own kind of clean-out. Downsizing homeowners need a lifetime of furniture cleared before a sale, families moving within the Valley leave behind sofas, bed frames and old appliances, and overgrown citrus and shade trees produce piles of trimmings after a round of yard work. When the summer monsoon rolls in, dust storms and downpours can leave broken branches and damaged patio furniture behind. Rather than hauling it all yourself or storing it until the next city collection, upload a few photos and get a flat-rate quote, typically within minutes. A verified local hauler can usually be at your Mesa home the same day or the next.',
    },
  },
  {
    slug: 'scottsdale',
    tagline:
      'Old patio sets, remodel debris and pool-side clutter cleared from your Scottsdale home the same day or the next.',
    metaDescription:
      'Scottsdale, Arizona junk removal for patio furniture, remodel debris and home clean-outs. Same-day or next-day pickup with a flat-rate quote, no hidden fees.',
    intro: {
      heading: 'Junk Removal Built for Outdoor Living',
      paragraph:
        'Scottsdale homes are made for outdoor living, with pools, covered patios, outdoor kitchens and landscaped desert yards, and that lifestyle creates its own kind of junk. The desert sun is tough on outdoor furniture, so sun-faded patio sets, worn chaise lounges, tattered umbrellas and old grills get replaced and need somewhere to go. Kitchen and bathroom remodels leave cabinets, fixtures and construction waste, and second homes and vacation rentals often swap out furniture between seasons. Haulers take the furniture, appliances and debris, but pool chemicals count as hazardous materials and are not accepted, so set them aside. Upload photos of what you want removed and get a flat-rate quote, typically within minutes. A verified, licensed and insured local hauler can usually come the same day or the next, and for items left outside you do not always need to be home.',
    },
  },
  {
    slug: 'chandler',
    tagline:
      'Moving, upgrading or remodeling in Chandler? Get your bulk trash picked up today or tomorrow, at a flat rate.',
    metaDescription:
      'Chandler, Arizona bulk trash pickup for moves, upgrades and remodels. Upload photos for a flat-rate quote and same-day or next-day service from a local hauler.',
    intro: {
      heading: 'Keeping Growing Chandler Neighborhoods Clutter-Free',
      paragraph:
        'Chandler has grown from a farming community into a busy suburb of planned neighborhoods, parks and new homes, and growth brings plenty of junk. Families moving in, upsizing or relocating within the Valley leave behind sofas, mattresses, bunk beds and outgrown play sets. New furniture arrives and the old set needs to go, and as earlier subdivisions age, kitchen and bathroom remodels produce piles of cabinets, flooring and construction waste. Garages that were meant for cars fill up with boxes, broken appliances and exercise equipment. If your HOA is strict about what sits in the driveway, waiting weeks for a scheduled city collection is not ideal, and neither is a junk pile baking in the summer sun or soaking in a monsoon downpour. Upload a few photos, get a flat-rate quote, typically within minutes, and a verified local hauler can usually come the same day or the next.',
    },
  },
];
