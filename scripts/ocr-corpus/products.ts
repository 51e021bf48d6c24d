// The catalogue the invoices are drawn from: US foodservice products as distributors list them.
// Descriptions vary in length on purpose (the long ones wrap in narrow columns) and some carry
// digits of their own ("80/20", "21/25", "12 oz") as real ones do.

export type Product = {
  description: string; brand: string; pack: string; uom: string;
  /** Price of one uom (usually the case). */
  price: number;
  /** Catch-weight items: price per pound, when sold by weight (one layout only). */
  perLb?: number;
};

const p = (description: string, brand: string, pack: string, uom: string, price: number, perLb?: number): Product =>
  ({ description, brand, pack, uom, price, ...(perLb ? { perLb } : {}) });

export const PRODUCTS: Product[] = [
  // Meat, poultry, seafood
  p('Chicken Breast Boneless Skinless 6 oz Portion', 'Prairie Farms', '4/10 LB', 'CS', 62.4, 2.89),
  p('Chicken Wings Jumbo Split Fresh', 'Prairie Farms', '40 LB', 'CS', 98.5, 2.46),
  p('Beef Ground 80/20 Fine Grind Chub', 'Ridge Ranch', '8/10 LB', 'CS', 189.5, 4.29),
  p('Beef Brisket Choice Packer Cut Whole', 'Ridge Ranch', '2/14 LB', 'CS', 168.0, 5.89),
  p('Pork Loin Boneless Center Cut', 'Heritage Pork', '2/8 LB', 'CS', 54.2, 3.19),
  p('Bacon Sliced Applewood Smoked 14/18', 'Ridge Ranch', '15 LB', 'CS', 71.85),
  p('Turkey Breast Oven Roasted Sliced', 'Golden Plains', '6/2 LB', 'CS', 82.3),
  p('Salmon Fillet Atlantic Skin On Pin Bone Out', 'North Sea', '10 LB', 'CS', 124.9, 11.49),
  p('Shrimp Raw Peeled Deveined Tail Off 21/25', 'Gulf Star', '5/2 LB', 'CS', 109.75),
  p('Cod Loin Wild Caught Frozen', 'North Sea', '10 LB', 'CS', 96.4, 8.95),
  p('Ham Bone In Smoked Spiral Sliced', 'Heritage Pork', '2/9 LB', 'CS', 61.1, 3.49),
  p('Sausage Italian Mild Link', 'Bella Cucina', '2/5 LB', 'CS', 38.6),
  // Dairy and eggs
  p('Mozzarella Cheese Shredded Whole Milk Low Moisture', 'Dairy Valley', '4/5 LB', 'CS', 48.75),
  p('Cheddar Cheese Sharp Yellow Sliced', 'Dairy Valley', '4/5 LB', 'CS', 52.3),
  p('Butter Solid Unsalted Grade AA', 'Dairy Valley', '36/1 LB', 'CS', 112.0),
  p('Heavy Cream 40% Ultra Pasteurized', 'Meadow Crest', '12/1 QT', 'CS', 41.6),
  p('Eggs Large Grade A Loose', 'Sunny Hen', '15 DZ', 'CS', 38.25),
  p('Milk Whole Gallon', 'Meadow Crest', '4/1 GAL', 'CS', 19.8),
  p('Parmesan Cheese Grated', 'Bella Cucina', '2/5 LB', 'CS', 64.9),
  p('Sour Cream Cultured', 'Meadow Crest', '2/5 LB', 'CS', 22.45),
  p('Yogurt Greek Plain Nonfat', 'Meadow Crest', '6/32 OZ', 'CS', 27.9),
  // Produce
  p('Lettuce Romaine Hearts', 'Green Acre', '48 CT', 'CS', 42.1),
  p('Tomatoes Roma Fresh 5x6', 'Green Acre', '25 LB', 'CS', 29.95),
  p('Onions Yellow Jumbo', 'Green Acre', '50 LB', 'BG', 24.6),
  p('Potatoes Russet Idaho 70 Count', 'Harvest King', '50 LB', 'CS', 31.75),
  p('Avocados Hass Ripe', 'Sierra Verde', '48 CT', 'CS', 58.4),
  p('Lemons Fresh Choice 140 Count', 'Sierra Verde', '140 CT', 'CS', 44.2),
  p('Mixed Spring Greens Triple Washed', 'Green Acre', '2/3 LB', 'CS', 26.85),
  p('Carrots Shredded', 'Green Acre', '4/5 LB', 'CS', 21.3),
  p('Cilantro Fresh Iceless', 'Green Acre', '30 CT', 'CS', 18.9),
  // Frozen
  p('Potatoes French Fries Straight Cut 3/8 inch', 'Harvest King', '6/5 LB', 'CS', 36.8),
  p('Onion Rings Beer Battered Thick Cut', 'Harvest King', '4/2.5 LB', 'CS', 44.75),
  p('Mixed Vegetables California Blend', 'Harvest King', '12/2 LB', 'CS', 33.1),
  p('Pizza Dough Ball Frozen 16 oz', 'Bella Cucina', '48/16 OZ', 'CS', 39.6),
  p('Ice Cream Vanilla Bean Premium', 'Meadow Crest', '3 GAL', 'EA', 24.95),
  // Dry and canned
  p('Tomatoes Diced In Juice', 'Sunripe', '6/#10', 'CS', 31.2),
  p('Tomato Sauce Fancy Heavy', 'Sunripe', '6/#10', 'CS', 28.45),
  p('Flour All Purpose Enriched Bleached', 'Mill Street', '50 LB', 'BG', 21.6),
  p('Sugar Granulated Cane Extra Fine', 'Sweet Valley', '50 LB', 'BG', 34.15),
  p('Rice Long Grain Parboiled', 'Delta Grain', '25 LB', 'BG', 18.45),
  p('Pasta Spaghetti Semolina 10 inch', 'Bella Cucina', '2/10 LB', 'CS', 23.7),
  p('Canola Oil Clear Fry Zero Trans Fat', 'Golden Fields', '35 LB', 'EA', 39.95),
  p('Olive Oil Extra Virgin', 'Bella Cucina', '4/1 GAL', 'CS', 118.4),
  p('Mayonnaise Extra Heavy Duty', 'Golden Fields', '4/1 GAL', 'CS', 42.85),
  p('Ketchup Fancy Squeeze Bottle', 'Sunripe', '24/20 OZ', 'CS', 35.6),
  p('Salt Kosher Coarse', 'Mill Street', '12/3 LB', 'CS', 26.4),
  p('Black Beans Seasoned', 'Sunripe', '6/#10', 'CS', 29.8),
  p('Chicken Base Paste No MSG Added', "Chef's Pantry", '12/1 LB', 'CS', 88.2),
  p('Coffee Ground Medium Roast Colombian', 'Morning Peak', '42/2.5 OZ', 'CS', 56.7),
  p('Tea Bags Black Orange Pekoe', 'Morning Peak', '6/100 CT', 'CS', 19.35),
  p('Hamburger Buns Sesame Sliced 4 inch', 'Hearth Bakery', '8/12 CT', 'CS', 27.6),
  p('Tortillas Flour 12 inch Pressed', 'Hearth Bakery', '12/12 CT', 'CS', 31.45),
  // Disposables and chemicals
  p('Napkins Dinner White 2 Ply 15x17', 'Clean Table', '3000 CT', 'CS', 44.3),
  p('Gloves Nitrile Powder Free Large', 'Clean Table', '10/100 CT', 'CS', 52.9),
  p('Foil Aluminum Roll Heavy Duty 18 inch', 'Clean Table', '500 FT', 'RL', 48.7),
  p('Containers Foam Hinged 9x9 3 Compartment', 'Clean Table', '200 CT', 'CS', 38.15),
  p('Cups Hot Paper 12 oz White', 'Clean Table', '1000 CT', 'CS', 61.25),
  p('Can Liners Black 40x46 1.5 Mil', 'Clean Table', '100 CT', 'CS', 34.4),
  p('Sanitizer Quaternary Concentrate', 'Pro Clean', '4/1 GAL', 'CS', 72.6),
  p('Detergent Dish Machine Liquid', 'Pro Clean', '5 GAL', 'EA', 89.95),
  p('Degreaser Heavy Duty Kitchen', 'Pro Clean', '4/1 GAL', 'CS', 46.8),
];

/** The restaurants the invoices are billed to. */
export const MERCHANTS = [
  { name: 'Blue Anchor Grill', street: '14 Wharf Street', city: 'Gloucester, MA 01930' },
  { name: 'Maple Street Diner', street: '221 Maple Street', city: 'Burlington, VT 05401' },
  { name: 'Harborview Bistro', street: '8 Harbor Way', city: 'Portland, ME 04101' },
  { name: 'Corner Slice Pizza', street: '1902 Elm Avenue', city: 'Hartford, CT 06106' },
  { name: 'Three Oaks Tavern', street: '75 Route 9', city: 'Saratoga Springs, NY 12866' },
  { name: 'Lucky Bowl Noodle House', street: '310 Canal Street', city: 'Providence, RI 02903' },
  { name: 'Sunrise Family Restaurant', street: '4410 Main Street', city: 'Manchester, NH 03101' },
  { name: 'Copper Kettle Cafe', street: '52 Market Square', city: 'Newburyport, MA 01950' },
] as const;
