#!/usr/bin/env node
// @ts-check
// The app icon: resources/icon.svg rendered to resources/icon.png (1024 px), to the sizes a
// Linux desktop takes (resources/icons/NxN.png) and to the Windows and macOS formats (icon.ico,
// icon.icns), all committed so `npm run dist` needs no icon tool (electron-builder would
// download one to convert). Run `npm run icons` after changing the SVG.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const RESOURCES = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];

const svg = readFileSync(join(RESOURCES, 'icon.svg'));
/** @param {number} size */
const render = (size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
const png = render(1024);
writeFileSync(join(RESOURCES, 'icon.png'), png);
mkdirSync(join(RESOURCES, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) writeFileSync(join(RESOURCES, 'icons', `${size}x${size}.png`), render(size));
// Bicubic resampling for the smaller sizes each format holds; the ICO as PNG entries.
const icns = png2icons.createICNS(png, png2icons.BICUBIC, 0);
const ico = png2icons.createICO(png, png2icons.BICUBIC, 0, true, true);
if (!icns || !ico) throw new Error('png2icons could not convert resources/icon.png');
writeFileSync(join(RESOURCES, 'icon.icns'), icns);
writeFileSync(join(RESOURCES, 'icon.ico'), ico);
console.log(`resources/icon.png ${png.length} B, icon.icns ${icns.length} B, icon.ico ${ico.length} B`);
