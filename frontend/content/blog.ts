import type { BlogArticle } from './types';

/**
 * The two blog articles, at `/blog/{slug}`. The page template adds the 'Get Your Free Quote' link
 * and the link to the other article, so the bodies carry neither.
 */
export const blogArticles: readonly BlogArticle[] = [
  {
    slug: 'bulk-trash-vs-junk-removal',
    title: 'Bulk Trash vs Junk Removal',
    metaDescription:
      'Bulk trash vs junk removal: compare city bulk collection with same-day or next-day private junk removal on timing, item limits, effort and cost.',
    datePublished: '2025-01-15',
    dateDisplay: 'January 15, 2025',
    readingTime: '5 min read',
    summary:
      'City bulk trash collection and private junk removal both get rid of large items, but they differ in timing, convenience and cost. Here is how to decide which one fits your situation.',
    body: [
      {
        type: 'paragraph',
        text: 'Sooner or later, every household ends up with something too big for the trash can: a worn-out sofa, a mattress after an upgrade, a broken washing machine, or a pile of branches after a storm. When that happens, you generally have two options. You can wait for your city to collect it as bulk trash, or you can hire a private junk removal service to haul it away. Both get the job done, but they work very differently, and the right choice depends on how quickly you need the space back, what you are getting rid of, and how much effort you want to put in.',
      },
      { type: 'heading', text: 'What Is Municipal Bulk Trash Collection?' },
      {
        type: 'paragraph',
        text: 'Many cities and towns offer bulk trash collection as part of their waste services. Instead of picking up large items every week, the city collects them on a set schedule or by appointment. Residents place eligible items at the curb during a specific window, and a city crew or contractor picks them up when the route comes through.',
      },
      {
        type: 'paragraph',
        text: "The details differ a great deal from place to place. Some cities run bulk collection on a rotating calendar, some ask you to book a pickup in advance, and some limit how often each household can use the service. Depending on where you live, bulk collection may be included in your regular trash service or carry an extra fee. Before you put anything out, check your city's rules.",
      },
      { type: 'heading', text: 'The Limits of City Pickup' },
      {
        type: 'paragraph',
        text: 'City bulk collection can be a good deal when it fits your timeline, but it comes with trade-offs that catch many homeowners off guard:',
      },
      {
        type: 'list',
        items: [
          'Waiting time. Because pickups follow a schedule, it is common to wait weeks for the next collection date, and the items sit at your curb or in your garage in the meantime.',
          'Item limits. Cities may restrict how many items you can set out, how large the pile can be, and which types of items they will take. These limits vary by city.',
          'Curbside only. You are usually responsible for carrying everything to the curb yourself, which is hard work with heavy furniture or appliances.',
        ],
      },
      { type: 'heading', text: 'What Is Private Junk Removal?' },
      {
        type: 'paragraph',
        text: 'Private junk removal is an on-demand service. Instead of waiting for a route, you book a pickup at a time that works for you, and a hauler comes to your property with a truck. Junk removal crews typically do the lifting and loading themselves, whether your items are at the curb, in the garage, in the backyard or inside the house.',
      },
      {
        type: 'paragraph',
        text: 'The biggest advantage is speed. With a service like ours, you upload photos of the items, enter your ZIP code and contact details, and you typically receive a flat-rate quote within minutes. We then connect you with a verified, licensed and insured local hauler who can often pick up the same day or the next day.',
      },
      { type: 'heading', text: 'Bulk Trash vs Junk Removal at a Glance' },
      {
        type: 'list',
        items: [
          'Timing: city bulk collection runs on a schedule that can mean waits of weeks; private junk removal is on demand, often same-day or next-day.',
          'Effort: with city pickup you usually move everything to the curb; with private junk removal the crew typically does the heavy lifting.',
          'Accepted items: city programs set their own item limits, which vary by city; private haulers accept most household junk, from furniture and appliances to mattresses, yard debris and construction waste.',
          'Cost: city bulk collection may be included in your trash service or carry a fee; private junk removal is a flat-rate price based on the volume and type of your items.',
        ],
      },
      { type: 'heading', text: 'How Much Does Private Junk Removal Cost?' },
      {
        type: 'paragraph',
        text: 'Private junk removal typically costs $100 to $600, depending on load size. A single item such as a recliner or a mattress sits toward the lower end of that range, while a full garage clean-out or a large pile of renovation debris sits toward the higher end. The type of material matters too, because some items are heavier or take more effort to handle and dispose of.',
      },
      {
        type: 'paragraph',
        text: 'With a flat-rate quote, you know the price before the hauler arrives. The quote is based on the volume and type of your items as shown in your photos, and there are no hidden fees added on pickup day.',
      },
      { type: 'heading', text: 'When City Bulk Trash Pickup Makes Sense' },
      { type: 'paragraph', text: 'City collection is worth considering when:' },
      {
        type: 'list',
        items: [
          'You are not in a hurry and can store the items until the next collection date.',
          "Your items are on your city's accepted list and within its limits.",
          'You can safely move everything to the curb yourself, or have help to do it.',
        ],
      },
      { type: 'heading', text: 'When Private Junk Removal Is the Better Choice' },
      { type: 'paragraph', text: 'A private hauler is usually the better fit when:' },
      {
        type: 'list',
        items: [
          'You need the items gone quickly, for example before a move-out, a home sale, a new furniture delivery or guests arriving.',
          'The items are heavy, awkward or inside the house, and you do not want to carry them yourself.',
          'You have a mix of items, such as furniture, appliances and yard debris, that may not all qualify for city pickup.',
          'You have more than your city allows in a single collection.',
        ],
      },
      { type: 'heading', text: 'How to Get a Quick Junk Removal Quote' },
      {
        type: 'paragraph',
        text: 'If you decide to go private, good photos are the fastest way to an accurate price. Take at least 2 photos, and up to 10, from different angles, so the hauler can see the size of each item and how much there is in total. Add a brief description that mentions anything the photos might not show, such as stairs, a long walk from the driveway, or items stored in a back room.',
      },
      {
        type: 'paragraph',
        text: 'Keep in mind that hazardous materials such as paint, oil, chemicals and asbestos are not accepted, and some items may not be accepted by all haulers. List everything you want removed in your description so there are no surprises on pickup day.',
      },
      { type: 'heading', text: 'The Bottom Line' },
      {
        type: 'paragraph',
        text: "Municipal bulk trash collection and private junk removal both have a place. If you can wait, your items meet your city's rules, and you can get them to the curb, city pickup may be all you need. If you want the junk gone today or tomorrow, at a flat rate with no hidden fees, and without doing the heavy lifting yourself, private junk removal is the faster and simpler option.",
      },
    ],
  },
  {
    slug: 'preparing-for-bulk-trash-pickup',
    title: 'Preparing for Bulk Trash Pickup',
    metaDescription:
      'How to prepare for bulk trash pickup: sort your junk, set aside hazardous items, measure large pieces, take good photos and clear a path for your hauler.',
    datePublished: '2025-01-22',
    dateDisplay: 'January 22, 2025',
    readingTime: '6 min read',
    summary:
      'A little preparation makes bulk trash pickup faster, smoother and easier to price. Follow these steps to sort your items, take useful photos and get everything ready for the hauler.',
    body: [
      {
        type: 'paragraph',
        text: 'Whether you are clearing out a garage, getting ready to move or finally replacing an old couch, a bit of preparation goes a long way. When your items are sorted, photographed and easy to reach, your hauler can give you an accurate flat-rate quote, arrive ready for the job and finish quickly. This guide walks through everything you need to do before your bulk trash pickup, step by step.',
      },
      { type: 'heading', text: 'Step 1: Sort What Stays and What Goes' },
      {
        type: 'paragraph',
        text: 'Start by walking through each area you want to clear and deciding what is leaving. It helps to work one room or space at a time rather than trying to tackle the whole house at once. Group items into a few simple categories:',
      },
      {
        type: 'list',
        items: [
          'Junk to haul: broken, worn-out or unwanted items you want gone for good.',
          'Items to donate or sell: furniture and appliances in good working order that someone else could use.',
          'Items to keep: anything you are not ready to part with. Move these out of the way so they are not loaded by mistake.',
          'Hazardous items: anything that needs special disposal, covered in Step 3.',
        ],
      },
      {
        type: 'paragraph',
        text: 'Once everything is sorted, gather the junk into one spot if you can, such as the garage, the driveway or a single room. A consolidated pile is easier to photograph, easier to quote and faster to load. If items are spread across several places, note each location in your description.',
      },
      { type: 'heading', text: 'Step 2: Know What Haulers Accept' },
      {
        type: 'paragraph',
        text: 'Haulers in our network accept most household and property junk. Common items include:',
      },
      {
        type: 'list',
        items: [
          'Furniture, such as sofas, sectionals, recliners, tables, chairs, dressers and bed frames.',
          'Appliances, including refrigerators, washers, dryers and stoves.',
          'Mattresses and box springs.',
          'Yard debris, such as branches, brush, leaves and hedge trimmings.',
          'Construction waste from remodeling projects, such as old lumber, drywall, flooring and cabinets.',
        ],
      },
      {
        type: 'paragraph',
        text: 'If you are unsure whether a particular item can go, mention it in your description when you request a quote. Some items may not be accepted by all haulers, and it is much easier to sort that out before pickup day than when the truck is already in your driveway.',
      },
      { type: 'heading', text: 'Step 3: Set Aside Hazardous Materials' },
      {
        type: 'paragraph',
        text: 'Hazardous materials are not accepted, because they need special handling and disposal. Before pickup, go through your garage, basement and shed and pull out anything in these categories:',
      },
      {
        type: 'list',
        items: [
          'Paint, including half-used cans left over from old projects.',
          'Oil, such as motor oil and other automotive fluids.',
          'Chemicals, including pool chemicals, pesticides and strong cleaning products.',
          'Asbestos, which can be present in some older building materials.',
        ],
      },
      {
        type: 'paragraph',
        text: "Keep these items well away from your junk pile, and either leave them out of your photos or point them out clearly as items that are staying. For disposal, check your city's or county's rules on household hazardous waste. If you are planning a renovation and suspect asbestos in older flooring, insulation or ceiling materials, do not disturb it yourself; contact a qualified professional first.",
      },
      { type: 'heading', text: 'Step 4: Measure Large Items' },
      {
        type: 'paragraph',
        text: 'For bulky pieces, a quick measurement helps your hauler plan the job. Note the rough length, width and height of large items such as sectional sofas, armoires, big appliances and dining tables. Include the measurements in your description, along with anything that affects how an item will come out of the house:',
      },
      {
        type: 'list',
        items: [
          'Will it fit through the doorways and hallways it has to pass through?',
          'Does it need to come down a flight of stairs?',
          'Will it need to be taken apart, like a bed frame, a sectional or a table with removable legs?',
        ],
      },
      {
        type: 'paragraph',
        text: 'If an item came into the house in pieces, it may need to leave the same way. Taking it apart ahead of time, where that is safe and simple, can speed up pickup. Put screws and small hardware in a bag taped to the item so nothing is left scattered behind.',
      },
      { type: 'heading', text: 'Step 5: Take Clear Photos' },
      {
        type: 'paragraph',
        text: 'Photos are how haulers price your job, so they are worth a few extra minutes. Take at least 2 photos, and up to 10, from different angles. If it is easier, you can upload a short video of up to 30 seconds instead. Good photos let you get a flat-rate quote, typically within minutes, without anyone needing to visit first. A few tips:',
      },
      {
        type: 'list',
        items: [
          'Show the whole pile in at least one wide shot so the hauler can judge the total volume.',
          'Add closer shots of large or heavy items, such as appliances and big furniture.',
          'Shoot from different sides so the depth of the pile is clear, not just its front.',
          'Take photos in good light: open the garage door or switch on the lights in darker rooms.',
          'Include anything that affects access, such as stairs, narrow doorways or a long path from the street.',
        ],
      },
      {
        type: 'paragraph',
        text: 'Then write a short description covering what is in the pile, where it is, and anything the photos do not show. The more complete your photos and description, the more accurate your flat-rate quote will be.',
      },
      { type: 'heading', text: 'Step 6: Clear the Access Path' },
      {
        type: 'paragraph',
        text: 'On pickup day, the crew needs a clear, safe route from your items to the truck. Before they arrive:',
      },
      {
        type: 'list',
        items: [
          'Move cars out of the driveway or away from the garage door if the truck will need that space.',
          'Clear walkways, hallways and stairs of clutter, loose rugs and anything else that could trip someone.',
          'Unlock or prop open gates and doors along the route.',
          'Keep pets and children away from the work area.',
          'Tell the hauler about any parking restrictions or gate codes for your street or building.',
        ],
      },
      {
        type: 'paragraph',
        text: 'A clear path protects your floors and walls, keeps everyone safe and helps the crew load quickly.',
      },
      { type: 'heading', text: 'Step 7: Decide Whether You Need to Be There' },
      {
        type: 'paragraph',
        text: 'Being present is not always required. If your items are outside, at the curb, in a carport or in an open garage, many pickups can be completed while you are at work or away. When you request your quote, note where the items are and how the crew can reach them, and the hauler can confirm the details with you. If the items are inside your home, or you want to point out exactly what stays and what goes, plan to be there or have someone you trust on site.',
      },
      { type: 'heading', text: 'What to Expect on Cost' },
      {
        type: 'paragraph',
        text: 'Private junk removal typically costs $100 to $600, depending on load size. A single mattress or chair tends to sit toward the lower end of that range, while a full garage or a large amount of renovation debris sits toward the higher end. Because your quote is a flat rate based on the volume and type of your items, you know the price before pickup, with no hidden fees. Preparing well helps keep that quote accurate.',
      },
      { type: 'heading', text: 'Your Pre-Pickup Checklist' },
      {
        type: 'list',
        items: [
          'Sort items into haul, donate, keep and hazardous.',
          'Gather the junk into one spot where possible.',
          'Set aside paint, oil, chemicals and anything that may contain asbestos.',
          'Measure large items and note stairs or tight spots.',
          'Take at least 2 photos, and up to 10, from different angles.',
          'Write a clear description, including where each item is.',
          'Clear a safe path from the items to the truck.',
          'Let the hauler know whether you will be home.',
        ],
      },
      {
        type: 'paragraph',
        text: 'With these steps done, pickup day is simple: the hauler arrives, loads everything up and drives away, and you get your space back, often the same day or the day after you request your quote.',
      },
    ],
  },
];
