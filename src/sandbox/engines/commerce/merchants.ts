import type { Region } from '../locales';

// The shops that sell the products: six marketplaces in every country (the names competitor
// discovery already lists as retailers) and each region's own retailers. Fictional names; a
// retailer never makes the products it sells, so it is never a product's brand.

export const MARKETPLACES = ['Shopwise', 'MegaMart', 'Cartio', 'Dealio', 'Buyzone', 'Marketly'] as const;

// prettier-ignore
const REGIONAL: Readonly<Record<Region, readonly string[]>> = {
  NA: ['Stateline Sports', 'Coastway Outfitters', 'BigBox Depot'],
  UK: ['Highstreet Direct', 'Albion Sports', 'Kerbside'],
  DACH: ['Laufhaus', 'Sportkaufhaus Mitte', 'Versandwelt'],
  FR: ['Boutique Élan', 'Grand Magasin Sport', 'Achatplus'],
  IBERIA: ['Deportes Brisa', 'Almacén Sol', 'Compraria'],
  LATAM: ['Mercadito', 'Tienda Andina', 'Ofertón'],
  JP: ['ランナーズ堂', 'Kaimono Plaza', 'Yodoshop'],
  RU: ['Sportmarket', 'Volna Shop', 'Tovarium'],
  MENA: ['Souq Sport', 'Najma Store', 'Bazaar One'],
  IT: ['Sportissimo', 'Bottega Corsa', 'Mercatino'],
  BR: ['Loja Carioca', 'Esporte Já', 'Compra Fácil'],
  APAC: ['Harbour Sports', 'Outback Retail', 'Pacific Cart'],
  OTHER: ['Global Sports Direct'],
};

/** Every shop that sells in a region: its own retailers first, then the marketplaces. */
export function merchantsOf(region: Region): readonly string[] {
  return [...REGIONAL[region], ...MARKETPLACES];
}
