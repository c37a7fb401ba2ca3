import type { ItemData } from "@wms/domain";

/**
 * A tea and food trader's catalogue, built from a few realistic families so the demo has a few hundred
 * items of every type and unit. Deterministic: the same catalogue on every demo start.
 */
const TEA_ORIGINS = [
  "Assam",
  "Darjeeling",
  "Ceylon",
  "Kenya",
  "Nilgiri",
  "Yunnan",
  "Uva",
  "Dooars",
  "Rwanda",
  "Malawi",
  "Kangra",
  "Sylhet",
  "Java",
  "Uganda",
];
const TEA_GRADES = ["BOP", "OP", "FBOP", "PEKOE", "CTC BP1", "DUST"];
const BLENDS = [
  "Karak",
  "Masala Chai",
  "Earl Grey",
  "English Breakfast",
  "Jasmine Green",
  "Mint Green",
  "Saffron Karak",
  "Cardamom Karak",
  "Ginger Lemon",
  "Chamomile Calm",
  "Hibiscus Rose",
  "Moroccan Mint",
];
const PACKS = [
  { label: "25 bags", unit: "box" as const },
  { label: "100 bags", unit: "box" as const },
  { label: "250 g pouch", unit: "pieces" as const },
  { label: "500 g tin", unit: "pieces" as const },
  { label: "1 kg catering pack", unit: "pieces" as const },
  { label: "12 x 100 bags carton", unit: "box" as const },
];
const INGREDIENTS = [
  ["Cardamom pods, green", "kilogram", "68.00"],
  ["Saffron threads, Super Negin", "kilogram", "9800.00"],
  ["Cinnamon sticks, cassia", "kilogram", "24.50"],
  ["Ginger, dried slices", "kilogram", "18.75"],
  ["Cloves, whole", "kilogram", "52.00"],
  ["Black pepper, whole", "kilogram", "31.00"],
  ["Full cream milk powder", "kilogram", "21.40"],
  ["Evaporated milk, 410 g", "pieces", "3.25"],
  ["White sugar, fine", "kilogram", "3.10"],
  ["Brown sugar, demerara", "kilogram", "5.60"],
  ["Rose water", "liter", "14.00"],
  ["Honey, Sidr", "kilogram", "160.00"],
  ["Dried mint leaves", "kilogram", "27.00"],
  ["Lemongrass, cut", "kilogram", "19.50"],
  ["Chamomile flowers", "kilogram", "44.00"],
  ["Hibiscus petals", "kilogram", "23.00"],
] as const;
const PACKAGING = [
  ["Tea bag filter paper, 125 mm", "roll", "185.00", "PLM"],
  ["Heat-seal pouch, 250 g, printed", "pieces", "0.42", "PLM"],
  ["Tin can, 500 g, gold lid", "pieces", "2.15", "PLM"],
  ["Front label, Karak 250 g", "roll", "96.00", "PLM"],
  ["Tag string, cotton", "roll", "64.00", "PLM"],
  ["Shipping carton, 5-ply, 40x30x30", "pieces", "3.80", "GPM"],
  ["Packing tape, 48 mm", "roll", "4.25", "GPM"],
  ["Stretch film, 500 mm", "roll", "38.00", "GPM"],
  ["Pallet, wooden, EUR", "pieces", "45.00", "GPM"],
  ["Desiccant sachet, 5 g", "box", "27.00", "GPM"],
  ["Kraft paper, 90 gsm", "meter", "0.85", "GPM"],
] as const;
const ASSETS = [
  ["Forklift, electric 1.5 t", "pieces", "68500.00"],
  ["Pallet jack, manual", "pieces", "1450.00"],
  ["Platform scale, 300 kg", "pieces", "2200.00"],
  ["Bag sealing machine", "pieces", "3900.00"],
  ["Racking upright, 3 m", "pieces", "310.00"],
] as const;
const OTHER = [
  ["Cleaning detergent, food grade", "liter", "12.00"],
  ["Hairnets, disposable", "box", "18.00"],
  ["Nitrile gloves, M", "box", "22.00"],
] as const;

export function demoCatalog(): ItemData[] {
  const items: ItemData[] = [];
  const add = (item: Omit<ItemData, "description"> & { description?: string }): void => {
    items.push({ description: "", ...item });
  };

  TEA_ORIGINS.forEach((origin, o) => {
    TEA_GRADES.forEach((grade, g) => {
      add({
        itemNo: `TEA-${origin.slice(0, 3).toUpperCase()}-${String(g + 1).padStart(2, "0")}`,
        name: `${origin} black tea ${grade}`,
        description: `Loose leaf, ${origin} origin, grade ${grade}`,
        type: "TEA",
        unit: "kilogram",
        unitPrice: (18 + o * 3.5 + g * 2.25).toFixed(2),
        minQuantity: String(50 + g * 10),
      });
      add({
        itemNo: `RAW-${origin.slice(0, 3).toUpperCase()}-${String(g + 1).padStart(2, "0")}`,
        name: `${origin} ${grade} for blending`,
        description: "Bulk raw leaf in 50 kg sacks",
        type: "RAW_MATERIAL",
        unit: "kilogram",
        unitPrice: (12 + o * 2 + g * 1.5).toFixed(2),
        minQuantity: "200",
      });
    });
  });
  BLENDS.forEach((blend, b) => {
    PACKS.forEach((pack, p) => {
      add({
        itemNo: `FG-${String(b + 1).padStart(2, "0")}${String(p + 1).padStart(2, "0")}`,
        name: `${blend} ${pack.label}`,
        description: `Finished goods, ${blend}`,
        type: "FINISHED",
        unit: pack.unit,
        unitPrice: (6.5 + b * 1.25 + p * 4).toFixed(2),
        minQuantity: String(24 * (p + 1)),
      });
    });
  });
  for (const [i, [name, unit, price]] of INGREDIENTS.entries()) {
    add({
      itemNo: `ING-${String(i + 1).padStart(3, "0")}`,
      name,
      type: "INGREDIENTS",
      unit,
      unitPrice: price,
      minQuantity: "20",
    });
  }
  for (const [i, [name, unit, price, type]] of PACKAGING.entries()) {
    add({
      itemNo: `${type}-${String(i + 1).padStart(3, "0")}`,
      name,
      type,
      unit,
      unitPrice: price,
      minQuantity: "10",
    });
  }
  for (const [i, [name, unit, price]] of ASSETS.entries()) {
    add({
      itemNo: `AST-${String(i + 1).padStart(3, "0")}`,
      name,
      type: "ASSETS",
      unit,
      unitPrice: price,
      minQuantity: "0",
    });
  }
  for (const [i, [name, unit, price]] of OTHER.entries()) {
    add({
      itemNo: `OTH-${String(i + 1).padStart(3, "0")}`,
      name,
      type: "OTHER",
      unit,
      unitPrice: price,
      minQuantity: "5",
    });
  }
  return items;
}
