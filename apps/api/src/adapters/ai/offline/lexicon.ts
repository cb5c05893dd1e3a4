/**
 * What a general English parser cannot know about this product's prompts: which words are clothing,
 * places, times and lighting (the writer may only repeat them, never invent them), which are states
 * of undress, which name a platform, and how an offer is worded. Lower case, singular where it matters.
 */
const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

export const wearWords = words(`
  lingerie robe dress sundress gown bikini swimsuit heels stockings highs socks hoodie sweater skirt jeans
  bra bralette panties thong corset bodysuit catsuit latex lace satin silk leather mesh fishnets leggings
  shorts shirt tee t-shirt top pajamas pyjamas boots collar choker garter garters nightie babydoll jersey
  jacket coat towel outfit costume wig glasses sunglasses hat sequins nylons tights apron kimono uniform
  set slip turtleneck cardigan blouse crop armor armour ears bunny tiara gloves harness belt jumpsuit
  romper overalls sweatpants joggers sneakers sandals makeup lipstick cosplay nails bun braids
  `);
/** Worn things that take no article ("in black lace", "in latex"). */
export const massWear = words(
  'cosplay lingerie lace satin silk leather latex mesh sequins makeup lipstick denim armor armour',
);
export const pluralWear = words(`
  heels stockings highs socks jeans panties fishnets leggings shorts pajamas pyjamas boots garters nylons
  tights glasses sunglasses sequins ears gloves sweatpants joggers sneakers sandals nails braids
  `);

export const colourWords = words(`
  red black white pink blue green purple yellow orange grey gray brown beige nude gold golden silver burgundy
  emerald navy teal lilac lavender champagne cream ivory leopard rainbow chrome pastel baby neon sheer
  `);

export const placeWords = words(`
  bed bedroom beach pool gym hotel shower bath bathtub bathroom kitchen couch sofa car office balcony rooftop
  garden park forest woods lake sauna spa window mirror street city club bar restaurant studio home house
  room yard porch desk closet stage field cabin pier market grass sea ocean island con convention expo
  locker work class fireplace
  `);
/** The preposition a bare place takes ("balcony" → "on the balcony"). */
export const placePreposition: Record<string, string> = {
  bed: 'in',
  shower: 'in',
  bath: 'in',
  bathtub: 'in',
  kitchen: 'in',
  car: 'in',
  bedroom: 'in',
  room: 'in',
  woods: 'in',
  forest: 'in',
  garden: 'in',
  pool: 'in',
  balcony: 'on',
  couch: 'on',
  sofa: 'on',
  rooftop: 'on',
  beach: 'at',
  gym: 'at',
  hotel: 'at',
};

export const lightWords = words(`
  candlelight candles candlelit sunlight sunshine daylight neon lamp lamplight moonlight spotlight flash
  backlit shadows light lights
  `);
/** How a bare light is said after a description ("red robe, candlelight" → "red robe by candlelight"). */
export const lightPreposition: [RegExp, string][] = [
  [/^(?:candlelight|moonlight|lamplight|daylight|sunlight|firelight)$/, 'by'],
  [/\b(?:neon|fairy|string|christmas|red|pink|blue|purple)? ?lights$/, 'under'],
  [/^golden hour$/, 'at'],
  [/\blight$/, 'in'],
  [/^candles$/, 'with'],
];

export const timeWords = words(`
  morning mornings afternoon evening night nights tonight today midnight sunrise sunset dawn dusk weekend
  week month day hour monday tuesday wednesday thursday friday saturday sunday summer winter spring autumn
  yesterday tomorrow bedtime
  `);
export const dayNames = words('monday tuesday wednesday thursday friday saturday sunday');
export const monthNames = words(
  'january february march april may june july august september october november december',
);

/** Being rather than wearing: "topless on my balcony" reads "I'm topless on my balcony". */
export const stateWords = words(`
  topless naked nude braless barefoot bottomless sweaty wet tanned sun-kissed pale petite curvy thick fit
  shy nervous sore bored sleepy tired cute flirty confident freckled tattooed pierced oiled soaked
  `);

/** Platforms, sites and brands as their owners write them. */
export const brandCase: Record<string, string> = {
  onlyfans: 'OnlyFans',
  fansly: 'Fansly',
  manyvids: 'ManyVids',
  chaturbate: 'Chaturbate',
  linktree: 'Linktree',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  twitter: 'Twitter',
  reddit: 'Reddit',
  patreon: 'Patreon',
  twitch: 'Twitch',
  youtube: 'YouTube',
  gymshark: 'Gymshark',
  ppv: 'PPV',
  vip: 'VIP',
  asmr: 'ASMR',
  dm: 'DM',
  dms: 'DMs',
  pov: 'POV',
  est: 'EST',
  pst: 'PST',
  pr: 'PR',
  q: 'Q',
};
export const paidPlatforms = words('onlyfans fansly manyvids chaturbate patreon linktree');

/** Offer wording: a piece holding one of these is an offer and is never reworded. */
export const offerPattern =
  /\b(?:custom|customs|requests?|free|trial|sale|discount|bundle|giveaway|ppv|vip|subscribe|subscription|subscribers|tip|tips|sexting|ratings?|price|half price|off|dms?|dm me|link in bio|link|sets? from|available|selling|for sale|shipped|restock|special|deal|promo|code|live|streaming|q&a|posts?|content|clips?|videos?|photos?|pics|minutes|sessions?)\b/i;
export const moneyPattern =
  /[$€£]\s?\d+(?:[.,]\d+)*|\b\d+(?:[.,]\d+)*\s?(?:[$€£]|usd\b|eur\b|dollars?\b|euros?\b)/i;
export const percentPattern = /\b\d+(?:\.\d+)?\s?%/;
/** "40 photos", "12 minute shower video", "3 videos". */
/** "40 photos", "3 videos", "15 new items": how much a set or a page holds (not "6 hours in the car"). */
export const countPattern =
  /\b\d+(?:[.,]\d+)*\s+(?:new\s+)?(?:photos?|pics?|pictures?|videos?|clips?|sets?|items|posts|bundles)\b/i;

/** A first time ("first nude post", "new here"), not a first month of a subscription. */
export const firstPattern =
  /\b(?:first(?![- ](?:month|months|week|\d|come|place|comments?|replies|reply|subscribers|name|thing))|new here|never done this)\b/i;
export const couplePattern =
  /\b(?:we|we're|we've|our|us|(?:my|me and my)\s+(?:husband|wife|boyfriend|girlfriend|bf|gf|fiancée?|partner)\s+and\s+(?:i|me)|couples?)\b/i;

/** What a prompt is about, for lines that fit it; several can hold at once. */
export const contextPatterns: Record<string, RegExp> = {
  cosplay: /\b(?:cosplay|costume|character)\b/i,
  fitness:
    /\b(?:gym|workout|leg day|glute day|squats?|yoga|abs|pilates|lifting|deadlift|run|marathon|pr|training|flexing|stretching|sports bra|fit|reps|kg|pounds)\b/i,
  feet: /\b(?:(?<!\d\s)feet|toes?|soles|pedicure|arches|foot|barefoot)\b/i,
  nude: /\b(?:topless|nude|naked|nothing under|nothing else|no bra|braless|towel only|bottomless)\b/i,
};

/** Request words around the real prompt ("write a flirty caption for …"). */
export const requestPattern = new RegExp(
  [
    '^(?:(?:please|pls|hey|hi|ok|okay|so)[,!]?\\s+)*',
    '(?:(?:can|could|would|will)\\s+you\\s+)?(?:please\\s+)?',
    '(?:(?:help\\s+me\\s+)?(?:write|create|make|generate|give\\s+me|come\\s+up\\s+with|draft|suggest|need|want|i\\s+(?:want|need)(?:\\s+to\\s+post)?)(?:\\s+me)?\\s+)?',
    '(?:(?:an?|some|the|a\\s+few|few|\\d+)\\s+)?',
    '(?:(?:cute|flirty|fun|short|good|catchy|spicy|sexy|funny|nice|instagram|insta|ig|twitter|x|tiktok|reddit)\\s+)*',
    '(?:captions?|posts?|tweets?|titles?|copy|text|something|anything|ideas?|hooks?)\\s+',
    '(?:for|about|on|of|to\\s+go\\s+with|with)\\s+',
  ].join(''),
  'i',
);
