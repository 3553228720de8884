import { hashParts } from '../core/prng';
import type { Lang, Region } from './locales';

// A small catalog of fictional brands per product category. Global brands compete
// everywhere; each region adds local brands built from its own name stems, so the brands
// recommended (and their order) differ by country the way real answers do.

export interface Category {
  id: string;
  /** Lower-case words (several languages) that put a prompt in this category. */
  keywords: string[];
  names: Record<Lang, string>;
  /** Suffix of local brand names ("Bergmann Audio"). */
  localSuffix: string;
  global: string[];
  /** Model names of products. */
  lines: string[];
  /** Typical price range in US dollars. */
  usd: [number, number];
  shopping: boolean;
}

// prettier-ignore
export const CATEGORIES: readonly Category[] = [
  {
    id: 'laptops', localSuffix: 'Computing', usd: [450, 2400], shopping: true,
    keywords: ['laptop', 'notebook', 'ordinateur', 'portátil', 'portatil', 'computer', 'ноутбук', 'ノートパソコン', 'パソコン', 'حاسوب', 'لابتوب', 'computador'],
    names: { en: 'laptops', de: 'Laptops', fr: 'ordinateurs portables', es: 'portátiles', ja: 'ノートパソコン', ru: 'ноутбуки', ar: 'أجهزة الكمبيوتر المحمولة', it: 'portatili', pt: 'notebooks' },
    global: ['Novabook', 'Zentrix', 'Aerolite', 'Kestrel', 'Orbis', 'Lumen Systems', 'Quillon', 'Vantor'],
    lines: ['Air 13', 'Pro 14', 'Studio 16', 'Flex 15', 'Ultra X1', 'Core 14'],
  },
  {
    id: 'running-shoes', localSuffix: 'Athletics', usd: [70, 260], shopping: true,
    keywords: ['shoe', 'sneaker', 'running', 'schuh', 'laufschuh', 'chaussure', 'zapatilla', 'scarpe', 'tênis', 'кроссовк', 'ランニング', 'シューズ', 'حذاء', 'أحذية'],
    names: { en: 'running shoes', de: 'Laufschuhe', fr: 'chaussures de running', es: 'zapatillas de running', ja: 'ランニングシューズ', ru: 'беговые кроссовки', ar: 'أحذية الجري', it: 'scarpe da corsa', pt: 'tênis de corrida' },
    global: ['Stridewell', 'Pacer & Co', 'Veloxa', 'Trailhawk', 'Cadence', 'Fleetfoot', 'Norrun', 'Altura'],
    lines: ['Glide 5', 'Tempo Elite', 'Cloudrun 3', 'Trail GTX', 'Racer 2', 'Daily 9'],
  },
  {
    id: 'headphones', localSuffix: 'Audio', usd: [40, 550], shopping: true,
    keywords: ['headphone', 'earbud', 'kopfhörer', 'casque', 'écouteur', 'auricular', 'cuffie', 'fone', 'наушник', 'ヘッドホン', 'イヤホン', 'سماعات'],
    names: { en: 'headphones', de: 'Kopfhörer', fr: 'casques audio', es: 'auriculares', ja: 'ヘッドホン', ru: 'наушники', ar: 'سماعات الرأس', it: 'cuffie', pt: 'fones de ouvido' },
    global: ['Sonaro', 'Auralis', 'Bassline', 'Quietude', 'Echolite', 'Harmonix', 'Tunewave', 'Decibel One'],
    lines: ['NC700', 'Buds Pro', 'Studio Max', 'Air 2', 'Over-Ear 5', 'Sport Fit'],
  },
  {
    id: 'coffee-machines', localSuffix: 'Kaffee', usd: [90, 1400], shopping: true,
    keywords: ['coffee', 'espresso', 'kaffee', 'café', 'cafetera', 'caffè', 'кофе', 'コーヒー', 'قهوة'],
    names: { en: 'coffee machines', de: 'Kaffeemaschinen', fr: 'machines à café', es: 'cafeteras', ja: 'コーヒーメーカー', ru: 'кофемашины', ar: 'آلات القهوة', it: 'macchine da caffè', pt: 'máquinas de café' },
    global: ['Brewmaster', 'Crema Lux', 'Barista Bay', 'Moka Nova', 'Roastline', 'Steamio', 'Aroma Works', 'Kettleby'],
    lines: ['One Touch', 'Duo 2', 'Pro Milk', 'Compact', 'Signature', 'Bean-to-Cup 7'],
  },
  {
    id: 'crm-software', localSuffix: 'Software', usd: [15, 150], shopping: false,
    keywords: ['crm', 'software', 'saas', 'tool', 'app', 'plattform', 'logiciel', 'herramienta', 'программ', 'ソフト', 'برنامج'],
    names: { en: 'CRM tools', de: 'CRM-Tools', fr: 'logiciels CRM', es: 'herramientas CRM', ja: 'CRMツール', ru: 'CRM-системы', ar: 'أدوات إدارة العملاء', it: 'software CRM', pt: 'ferramentas de CRM' },
    global: ['Pipewise', 'Clientary', 'Dealflow', 'Relata', 'Salesforge', 'Contactly', 'Leadhive', 'Funnelry'],
    lines: ['Starter', 'Team', 'Business', 'Enterprise', 'Growth', 'Pro'],
  },
  {
    id: 'vpn', localSuffix: 'Secure', usd: [3, 13], shopping: false,
    keywords: ['vpn', 'privacy', 'datenschutz', 'confidentialité', 'privacidad', 'впн', 'プライバシー', 'خصوصية'],
    names: { en: 'VPN services', de: 'VPN-Dienste', fr: 'services VPN', es: 'servicios VPN', ja: 'VPNサービス', ru: 'VPN-сервисы', ar: 'خدمات VPN', it: 'servizi VPN', pt: 'serviços de VPN' },
    global: ['Tunnelguard', 'Shieldnet', 'Cloakly', 'Nordwall', 'Privata', 'Safepath', 'Hidemark', 'Veilnet'],
    lines: ['Basic', 'Plus', 'Ultimate', 'Family', 'Business', 'Lite'],
  },
  {
    id: 'smartphones', localSuffix: 'Mobile', usd: [180, 1300], shopping: true,
    keywords: ['phone', 'smartphone', 'handy', 'téléphone', 'teléfono', 'telefono', 'celular', 'смартфон', 'телефон', 'スマホ', 'スマートフォン', 'هاتف', 'جوال'],
    names: { en: 'smartphones', de: 'Smartphones', fr: 'smartphones', es: 'smartphones', ja: 'スマートフォン', ru: 'смартфоны', ar: 'الهواتف الذكية', it: 'smartphone', pt: 'smartphones' },
    global: ['Pixelon', 'Nexora', 'Cellario', 'Brightcall', 'Onyx Mobile', 'Zephyr', 'Lumaphone', 'Tellus'],
    lines: ['S24', 'Note 12', 'Mini 5', 'Pro Max', 'Lite 8', 'Fold 3'],
  },
  {
    id: 'mattresses', localSuffix: 'Sleep', usd: [250, 2200], shopping: true,
    keywords: ['mattress', 'matratze', 'matelas', 'colchón', 'colchon', 'materasso', 'colchão', 'матрас', 'マットレス', 'مرتبة', 'فراش'],
    names: { en: 'mattresses', de: 'Matratzen', fr: 'matelas', es: 'colchones', ja: 'マットレス', ru: 'матрасы', ar: 'المراتب', it: 'materassi', pt: 'colchões' },
    global: ['Dreamwell', 'Slumbera', 'Restora', 'Cloudnest', 'Nocturne', 'Pillowy', 'Serenade', 'Duvetta'],
    lines: ['Hybrid', 'Memory Foam', 'Original', 'Cool Gel', 'Firm+', 'Luxe'],
  },
];

/** Name stems of local brands, per region. */
// prettier-ignore
export const LOCAL_STEMS: Record<Region, string[]> = {
  NA: ['Redwood', 'Lakeshore', 'Summit Ridge', 'Prairie', 'Bayview'],
  UK: ['Thameside', 'Ashford', 'Kingsley', 'Pembroke', 'Harrowgate'],
  DACH: ['Bergmann', 'Talwerk', 'Hohenfels', 'Lindner', 'Rheinblick'],
  FR: ['Belcourt', 'Ardoise', 'Maison Verel', 'Lumière', 'Beaulac'],
  IBERIA: ['Solano', 'Alcázar', 'Brisa', 'Duero', 'Tejo'],
  LATAM: ['Cordillera', 'Andino', 'Pampa', 'Quetzal', 'Caribe'],
  JP: ['Hoshikawa', 'Sorado', 'Kaminari', 'Yukimura', 'Asahina'],
  RU: ['Severa', 'Volnaya', 'Baikal', 'Sokol', 'Ladoga'],
  MENA: ['Sahra', 'Nakheel', 'Qamar', 'Dana', 'Zayna'],
  IT: ['Fiorenza', 'Vespera', 'Adriatica', 'Doria', 'Brunelli'],
  BR: ['Tucano', 'Ipê', 'Carioca', 'Jangada', 'Guará'],
  APAC: ['Meridian', 'Coral Bay', 'Kauri', 'Banyan', 'Monsoon'],
  OTHER: [],
};

export function categoryFor(prompt: string, pickIndex: number): Category {
  const lower = prompt.toLowerCase();
  const hit = CATEGORIES.find((c) => c.keywords.some((k) => lower.includes(k)));
  return hit ?? (CATEGORIES[pickIndex % CATEGORIES.length] as Category);
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/** The product line a brand's recommendations name ("Veloxa Tempo Elite"): one per brand and category. */
export function productLineOf(category: Category, brand: string): string {
  return category.lines[hashParts(brand, 'line') % category.lines.length] ?? '';
}
