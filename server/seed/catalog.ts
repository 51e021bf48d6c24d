// Static vocabulary for demo data: distributors, foodservice products, manufacturers, places.

export interface DistributorSeed {
  key: string;
  nickname: string;
  parent?: string; // key of the parent
  house?: boolean; // a house whose merchants the demo users work with
}

export const DISTRIBUTORS: DistributorSeed[] = [
  { key: 'harbor', nickname: 'Harbor Foods (PA)' },
  { key: 'boston', nickname: 'Harbor Foods Boston', parent: 'harbor', house: true },
  { key: 'portland', nickname: 'Harbor Foods Portland', parent: 'harbor', house: true },
  { key: 'summit', nickname: 'Summit Provisions (PA)' },
  { key: 'hartford', nickname: 'Summit Provisions Hartford', parent: 'summit', house: true },
  { key: 'providence', nickname: 'Summit Provisions Providence', parent: 'summit', house: true },
  { key: 'coastal', nickname: 'Coastal Wholesale' },
  { key: 'metro', nickname: 'Metro Food Supply' },
  { key: 'northeast', nickname: 'Northeast Produce Co' },
  { key: 'liberty', nickname: 'Liberty Restaurant Supply' },
  { key: 'granite', nickname: 'Granite State Foodservice' },
  { key: 'baycolony', nickname: 'Bay Colony Provisions' },
];

// Share of merchants whose house is each distributor (the rest of the weight is Boston's).
export const HOUSE_SHARES: [string, number][] = [
  ['boston', 0.55],
  ['portland', 0.2],
  ['hartford', 0.15],
  ['providence', 0.1],
];

export const CITIES: Record<string, [string, string, string][]> = {
  boston: [
    ['Boston', 'MA', '02108'], ['Cambridge', 'MA', '02139'], ['Somerville', 'MA', '02143'],
    ['Quincy', 'MA', '02169'], ['Brookline', 'MA', '02445'], ['Newton', 'MA', '02458'],
    ['Salem', 'MA', '01970'], ['Waltham', 'MA', '02451'],
  ],
  portland: [
    ['Portland', 'ME', '04101'], ['South Portland', 'ME', '04106'], ['Biddeford', 'ME', '04005'],
    ['Brunswick', 'ME', '04011'], ['Portsmouth', 'NH', '03801'],
  ],
  hartford: [
    ['Hartford', 'CT', '06103'], ['New Haven', 'CT', '06510'], ['Stamford', 'CT', '06901'],
    ['Waterbury', 'CT', '06702'],
  ],
  providence: [
    ['Providence', 'RI', '02903'], ['Warwick', 'RI', '02886'], ['Newport', 'RI', '02840'],
  ],
};

export const STREETS = [
  'Main St', 'Harbor St', 'Elm St', 'Washington St', 'Market St', 'Water St', 'Congress St',
  'Commercial St', 'Maple Ave', 'Union St', 'State St', 'Broadway', 'Chestnut St', 'High St',
];

export const CHAIN_FIRST = [
  'Blue', 'Golden', 'Rusty', 'Salty', 'Old', 'Little', 'Red', 'Green', 'Silver', 'Lucky',
  'Hungry', 'Wild', 'Iron', 'Copper', 'North', 'Harvest', 'Tidal', 'Corner', 'Village', 'Union',
];
export const CHAIN_SECOND = [
  'Anchor', 'Lobster', 'Oak', 'Fork', 'Kettle', 'Lantern', 'Gull', 'Barrel', 'Skillet', 'Wharf',
  'Pine', 'Hearth', 'Mill', 'Table', 'Spoon', 'Harbor', 'Tavern', 'Garden', 'Crab', 'Bean',
];
export const CHAIN_KIND = [
  'Grill', 'Bistro', 'Kitchen', 'Diner', 'Pizzeria', 'Cafe', 'Tavern', 'Oyster Bar', 'Eatery',
  'Steakhouse', 'Deli', 'Bakery', 'Taqueria', 'Noodle House', 'Chowder House',
];

export const MANUFACTURERS = [
  'Atlantic Poultry Co', 'Prairie Farms Beef', 'Green Valley Produce', 'Northern Dairy Cooperative',
  'Ocean Harvest Seafood', 'Golden Crust Bakery', 'Sunny Orchard Juices', 'PurePack Disposables',
  'CleanLine Chemical', 'FrostKing Foods', 'Heartland Grain Mills', 'Bella Tuscana Foods',
  'Smokehouse Meats', 'Cascade Coffee Roasters', 'Red Barn Eggs', 'Liberty Cheese Works',
  'Bayou Spice Co', 'Evergreen Paper Goods', 'Pacific Catch', 'Mountain Spring Water',
  'Blue Ribbon Pork', 'Valley Fresh Vegetables', 'Crystal Creamery', 'Harvest Moon Frozen',
  'Old Mill Flour', 'Sparkle Sanitation', 'Heritage Turkey Farms', 'Gulf Coast Shrimp',
  'Artisan Bread Co', 'Summit Beverage Group', 'EcoServe Packaging', 'Prime Cut Provisions',
  'Garden State Tomato', 'Lakeside Butter', 'Fiesta Foods', 'Kettle Creek Soups',
  'Sweet Meadow Desserts', 'ProClean Solutions', 'Tasty Fry Potato', 'Sea Breeze Fisheries',
];

// Who makes what: five manufacturers per category, each making things that fit its name.
export const CATEGORY_MAKERS: Record<string, readonly string[]> = {
  Poultry: ['Atlantic Poultry Co', 'Heritage Turkey Farms', 'Prime Cut Provisions', 'Smokehouse Meats', 'FrostKing Foods'],
  Meat: ['Prairie Farms Beef', 'Blue Ribbon Pork', 'Smokehouse Meats', 'Prime Cut Provisions', 'FrostKing Foods'],
  Seafood: ['Ocean Harvest Seafood', 'Pacific Catch', 'Gulf Coast Shrimp', 'Sea Breeze Fisheries', 'FrostKing Foods'],
  Produce: ['Green Valley Produce', 'Valley Fresh Vegetables', 'Garden State Tomato', 'Tasty Fry Potato', 'Sunny Orchard Juices'],
  Dairy: ['Northern Dairy Cooperative', 'Liberty Cheese Works', 'Crystal Creamery', 'Lakeside Butter', 'Red Barn Eggs'],
  Bakery: ['Golden Crust Bakery', 'Artisan Bread Co', 'Old Mill Flour', 'Heartland Grain Mills', 'Bella Tuscana Foods'],
  Beverages: ['Sunny Orchard Juices', 'Cascade Coffee Roasters', 'Mountain Spring Water', 'Summit Beverage Group', 'Crystal Creamery'],
  'Paper & Disposables': ['PurePack Disposables', 'Evergreen Paper Goods', 'EcoServe Packaging', 'ProClean Solutions', 'Sparkle Sanitation'],
  Chemicals: ['CleanLine Chemical', 'Sparkle Sanitation', 'ProClean Solutions', 'EcoServe Packaging', 'PurePack Disposables'],
  Frozen: ['FrostKing Foods', 'Harvest Moon Frozen', 'Tasty Fry Potato', 'Valley Fresh Vegetables', 'Sea Breeze Fisheries'],
  'Dry Goods': ['Heartland Grain Mills', 'Old Mill Flour', 'Bella Tuscana Foods', 'Fiesta Foods', 'Bayou Spice Co'],
  'Canned Goods': ['Garden State Tomato', 'Kettle Creek Soups', 'Bella Tuscana Foods', 'Fiesta Foods', 'Valley Fresh Vegetables'],
  'Oils & Shortening': ['Bella Tuscana Foods', 'Heartland Grain Mills', 'Lakeside Butter', 'Tasty Fry Potato', 'Fiesta Foods'],
  'Condiments & Sauces': ['Bayou Spice Co', 'Fiesta Foods', 'Bella Tuscana Foods', 'Garden State Tomato', 'Kettle Creek Soups'],
  Desserts: ['Sweet Meadow Desserts', 'Crystal Creamery', 'Golden Crust Bakery', 'Harvest Moon Frozen', 'Artisan Bread Co'],
};

export interface ProductSeed {
  name: string;
  /**
   * The kind of product a buyer takes in its place (ground beef for ground beef, shrimp for
   * shrimp): similar items are drawn only among items of one kind (programs.ts). Without it, the
   * product is a kind of its own.
   */
  kind?: string;
  packs: [pack: string, uom: string, weightLb: number, price: number][];
  /** Written after the name and tier: the long descriptions some catalogues carry, past the screens' 96-character cut (analytics §5). */
  detail?: string;
}

// Category -> products. Each product is sold by a few manufacturers in a few packs.
export const CATEGORIES: Record<string, ProductSeed[]> = {
  Poultry: [
    { name: 'CHICKEN BREAST BNLS SKNLS 6OZ', packs: [['4/10 LB', 'CS', 40, 92], ['2/5 LB', 'CS', 10, 26]] },
    { name: 'CHICKEN WING JMBO 1&2 JNT', packs: [['4/10 LB', 'CS', 40, 118], ['1/40 LB', 'CS', 40, 112]] },
    { name: 'CHICKEN THIGH BNLS SKNLS', packs: [['4/10 LB', 'CS', 40, 74], ['1/40 LB', 'CS', 40, 70]] },
    { name: 'CHICKEN TENDER BRD FC', packs: [['4/5 LB', 'CS', 20, 68], ['2/5 LB', 'CS', 10, 36]] },
    { name: 'TURKEY BRST OVN RSTD SLCD', packs: [['6/2 LB', 'CS', 12, 64], ['2/8 LB', 'CS', 16, 80]] },
    { name: 'CHICKEN WHL FRYER 8PC', packs: [['12/2.5 LB', 'CS', 30, 58]] },
  ],
  Meat: [
    { name: 'BEEF GRND 80/20 CHUB', packs: [['8/10 LB', 'CS', 80, 310], ['4/5 LB', 'CS', 20, 82]] },
    { name: 'BEEF PATTY 4OZ 80/20', packs: [['1/10 LB', 'CS', 10, 48], ['2/10 LB', 'CS', 20, 94]] },
    { name: 'BEEF STRIP LOIN CHOICE', packs: [['2/14 LB', 'CS', 28, 320]] },
    { name: 'PORK BACON SLCD 14/18', packs: [['1/15 LB', 'CS', 15, 72], ['12/1 LB', 'CS', 12, 60]] },
    { name: 'PORK SAUSAGE LINK 1OZ', packs: [['1/10 LB', 'CS', 10, 38]] },
    { name: 'HAM BNLS SMKD WATER ADDED', packs: [['2/12 LB', 'CS', 24, 84]] },
    { name: 'BEEF SHORT RIB BNLS', packs: [['4/5 LB', 'CS', 20, 210]] },
  ],
  Seafood: [
    { name: 'SHRIMP WHT P&D TLON 21/25', packs: [['5/2 LB', 'CS', 10, 105], ['10/2 LB', 'CS', 20, 200]] },
    { name: 'SALMON ATL FLT SKN ON 6OZ', packs: [['1/10 LB', 'CS', 10, 118]] },
    { name: 'COD LOIN SKNLS 8OZ', packs: [['1/10 LB', 'CS', 10, 96]] },
    { name: 'HADDOCK FLT SKNLS', packs: [['1/10 LB', 'CS', 10, 102]] },
    { name: 'CLAM CHOPPED SEA', packs: [['6/51 OZ', 'CS', 19, 74]] },
    { name: 'SCALLOP SEA DRY 10/20', packs: [['4/2.5 LB', 'CS', 10, 210]] },
  ],
  Produce: [
    { name: 'LETTUCE ROMAINE HEARTS', packs: [['12/3 CT', 'CS', 22, 34], ['48 CT', 'CS', 40, 42]] },
    { name: 'TOMATO 5X6 LAYER', packs: [['1/25 LB', 'CS', 25, 28]] },
    { name: 'ONION YELLOW JMBO', packs: [['1/50 LB', 'BG', 50, 24], ['1/10 LB', 'BG', 10, 7]] },
    { name: 'POTATO RUSSET 70 CT', packs: [['1/50 LB', 'CS', 50, 30]] },
    { name: 'AVOCADO HASS 48 CT', packs: [['1/48 CT', 'CS', 25, 58]] },
    { name: 'LEMON FANCY 115 CT', packs: [['1/115 CT', 'CS', 38, 46]] },
    { name: 'PEPPER GREEN BELL LARGE', packs: [['1/25 LB', 'CS', 25, 32]] },
    { name: 'MIX SPRING MESCLUN', packs: [['1/3 LB', 'CS', 3, 14], ['2/1.5 LB', 'CS', 3, 15]] },
  ],
  Dairy: [
    { name: 'CHEESE MOZZ WHL MLK SHRD', packs: [['4/5 LB', 'CS', 20, 64], ['6/5 LB', 'CS', 30, 94]] },
    { name: 'CHEESE CHEDDAR SHARP SLCD', packs: [['4/2.5 LB', 'CS', 10, 44]] },
    { name: 'CHEESE AMERICAN YEL 160 SLC', packs: [['4/5 LB', 'CS', 20, 56]] },
    { name: 'MILK WHOLE GAL', packs: [['4/1 GAL', 'CS', 34, 18]] },
    { name: 'CREAM HEAVY WHIP 40%', packs: [['12/QT', 'CS', 26, 52]] },
    { name: 'BUTTER SOLID UNSLTD', packs: [['36/1 LB', 'CS', 36, 128]] },
    { name: 'EGG SHELL LARGE GR A WHT', packs: [['15 DZ', 'CS', 22, 38], ['30 DZ', 'CS', 45, 72]] },
  ],
  Bakery: [
    { name: 'BUN HAMBURGER 4.5IN SLCD', packs: [['8/12 CT', 'CS', 12, 24]] },
    { name: 'BREAD SOURDOUGH SLCD', packs: [['6/24 OZ', 'CS', 9, 22]] },
    { name: 'ROLL BRIOCHE SLIDER', packs: [['12/12 CT', 'CS', 9, 36]] },
    { name: 'TORTILLA FLOUR 12IN', packs: [['8/12 CT', 'CS', 16, 28]] },
    { name: 'BAGEL PLAIN PRESLCD', packs: [['6/12 CT', 'CS', 17, 31]] },
    { name: 'CROISSANT BUTTER RTB', packs: [['1/48 CT', 'CS', 9, 54]] },
  ],
  Beverages: [
    { name: 'JUICE ORANGE 100% 10OZ', packs: [['48/10 OZ', 'CS', 33, 36]] },
    { name: 'COFFEE GROUND COLOMBIAN', packs: [['42/2.5 OZ', 'CS', 7, 48], ['2/5 LB', 'CS', 10, 86]] },
    { name: 'WATER SPRING 16.9OZ', packs: [['24/16.9 OZ', 'CS', 27, 9]] },
    { name: 'TEA ICED BLACK BREW', packs: [['24/1 OZ', 'CS', 2, 22]] },
    { name: 'SODA SYRUP COLA BIB', packs: [['1/5 GAL', 'EA', 50, 96]] },
    { name: 'LEMONADE CONC FRZ', packs: [['12/32 OZ', 'CS', 26, 44]] },
  ],
  'Paper & Disposables': [
    { name: 'CUP HOT PAPER 12OZ', packs: [['1000 CT', 'CS', 18, 62]] },
    { name: 'LID DOME CLEAR 12-24OZ', packs: [['1000 CT', 'CS', 9, 48]] },
    { name: 'CONTAINER FOAM HNGD 9X9', packs: [['200 CT', 'CS', 8, 36]] },
    { name: 'NAPKIN DINNER WHT 2PLY', packs: [['3000 CT', 'CS', 20, 44]] },
    { name: 'GLOVE NITRILE PF LARGE', packs: [['10/100 CT', 'CS', 11, 58]] },
    { name: 'FOIL ALUM ROLL 18IN', packs: [['1/500 FT', 'RL', 9, 34]] },
    { name: 'BAG TAKEOUT KRAFT HNDL', packs: [['250 CT', 'CS', 22, 52]] },
  ],
  Chemicals: [
    {
      name: 'DETERGENT DISH MACHINE', packs: [['4/1 GAL', 'CS', 40, 66]],
      detail: ' LOW TEMPERATURE CHLORINATED LIQUID FOR HIGH VOLUME WAREWASHING, CLOSED LOOP DISPENSING, NSF LISTED',
    },
    {
      name: 'SANITIZER QUAT CONC', packs: [['4/1 GAL', 'CS', 36, 72]],
      detail: ' NO RINSE FOOD CONTACT SURFACE SANITIZER CONCENTRATE, 1 OZ PER 4 GAL, EPA REGISTERED, FRAGRANCE FREE',
    },
    { name: 'DEGREASER HD LIQ', packs: [['4/1 GAL', 'CS', 36, 54]] },
    { name: 'SOAP HAND FOAM REFILL', packs: [['2/1250 ML', 'CS', 6, 42]] },
    { name: 'CLEANER GLASS RTU', packs: [['12/32 OZ', 'CS', 26, 38]] },
  ],
  Frozen: [
    { name: 'FRIES CRINKLE CUT 1/2IN', kind: 'FRIES', packs: [['6/5 LB', 'CS', 30, 38]] },
    { name: 'FRIES SHOESTRING 1/4IN', kind: 'FRIES', packs: [['6/4.5 LB', 'CS', 27, 36]] },
    { name: 'VEGETABLE BLEND CALIF', packs: [['12/2 LB', 'CS', 24, 34]] },
    { name: 'ONION RING BTRD 3/8IN', packs: [['4/2.5 LB', 'CS', 10, 32]] },
    { name: 'ICE CREAM VANILLA 3 GAL', packs: [['1/3 GAL', 'EA', 14, 42]] },
    { name: 'PIZZA DOUGH BALL 16OZ', packs: [['24/16 OZ', 'CS', 24, 34]] },
  ],
  'Dry Goods': [
    { name: 'RICE LONG GRAIN PARBLD', packs: [['1/50 LB', 'BG', 50, 38], ['1/25 LB', 'BG', 25, 21]] },
    { name: 'PASTA PENNE RIGATE', packs: [['2/10 LB', 'CS', 20, 26]] },
    { name: 'FLOUR ALL PURPOSE BLCHD', packs: [['1/50 LB', 'BG', 50, 24]] },
    { name: 'SUGAR GRANULATED CANE', packs: [['1/50 LB', 'BG', 50, 42]] },
    { name: 'BEAN BLACK FCY', packs: [['6/#10', 'CS', 42, 36]] },
    { name: 'OATS ROLLED OLD FASHIONED', packs: [['1/25 LB', 'BG', 25, 28]] },
  ],
  'Canned Goods': [
    { name: 'TOMATO CRUSHED FCY', kind: 'CANNED TOMATO', packs: [['6/#10', 'CS', 42, 32]] },
    { name: 'TOMATO SAUCE PIZZA FCY', kind: 'CANNED TOMATO', packs: [['6/#10', 'CS', 42, 34]] },
    { name: 'CORN WHL KERNEL GOLDEN', packs: [['6/#10', 'CS', 40, 30]] },
    { name: 'PINEAPPLE TIDBIT JUICE', packs: [['6/#10', 'CS', 40, 44]] },
    { name: 'SOUP CLAM CHOWDER NE COND', packs: [['12/50 OZ', 'CS', 38, 58]] },
  ],
  'Oils & Shortening': [
    { name: 'OIL CANOLA FRY CLR', kind: 'FRYING OIL', packs: [['1/35 LB', 'EA', 35, 48]] },
    { name: 'OIL OLIVE EXTRA VIRGIN', packs: [['6/1 LTR', 'CS', 12, 66], ['4/1 GAL', 'CS', 30, 128]] },
    { name: 'SHORTENING CREAMY LIQ', kind: 'FRYING OIL', packs: [['1/35 LB', 'EA', 35, 52]] },
    { name: 'SPRAY PAN COATING', packs: [['6/17 OZ', 'CS', 7, 34]] },
  ],
  'Condiments & Sauces': [
    { name: 'KETCHUP FCY PC', packs: [['1000/9 GM', 'CS', 20, 28], ['6/#10', 'CS', 42, 36]] },
    { name: 'MAYONNAISE HVY DUTY', packs: [['4/1 GAL', 'CS', 32, 46]] },
    { name: 'DRESSING RANCH BTRMLK', packs: [['4/1 GAL', 'CS', 32, 52]] },
    { name: 'SAUCE BBQ HICKORY', packs: [['4/1 GAL', 'CS', 38, 44]] },
    { name: 'SAUCE HOT CAYENNE', packs: [['4/1 GAL', 'CS', 36, 48]] },
    { name: 'MUSTARD YELLOW PC', packs: [['500/5.5 GM', 'CS', 7, 18]] },
  ],
  Desserts: [
    { name: 'CHEESECAKE NY PRESLCD 16 CUT', packs: [['4/16 CT', 'CS', 20, 92]] },
    { name: 'CAKE CHOC LAYER 14 CUT', packs: [['2/14 CT', 'CS', 12, 70]] },
    { name: 'PIE APPLE UNBKD 10IN', packs: [['6/46 OZ', 'CS', 17, 48]] },
    { name: 'COOKIE DOUGH CHOC CHIP 1.5OZ', packs: [['1/320 CT', 'CS', 30, 62]] },
  ],
};

export const ANNOUNCEMENTS = [
  'Q3 rebate checks have been mailed. ACH payments post within 5 business days.',
  'New: compare your volume month over month on the Dashboard.',
  'Scheduled maintenance Sunday 2:00-4:00 AM ET; the portal may be briefly unavailable.',
];
