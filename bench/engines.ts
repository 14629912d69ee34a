/**
 * The measurement behind the choice of the book engine (docs/yearbook.md): the same branch — 30
 * students, 12 messages each, a 330 ppi portrait each — laid out by Typst (the engine in use)
 * and by headless Chromium's print-to-PDF from an equivalent HTML page with the same fonts.
 * Prints time, size, pages, the fonts each PDF embeds and the portraits' resolution. Not part of
 * `npm run bench` (it needs Chromium: CHROMIUM_PATH, /usr/bin/chromium by default).
 *   nice node --import tsx bench/engines.ts
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { DEFAULT_DESIGN } from '../common/schemas/design';
import { escapeHtml, orderKey } from '../common/text';
import { inspectPdf } from '../server/test/pdf';
import { bundledFontFiles, FONT_PAIRS } from '../server/typesetting/fonts';
import { imageForPrint } from '../server/typesetting/images';
import { MEDIA_MM, PORTRAIT_MM, type BookModel, type BookStudent } from '../server/typesetting/model';
import { renderBook } from '../server/typesetting/book';
import { nth } from './helpers';

const STUDENTS = 30;
const MESSAGES = 12;
const BODY = 'Bu yıl birlikte güldük, ağladık, sınavlara çalıştık. Seninle geçen her gün çok değerliydi; üniversitede de görüşmeye devam edelim.';
const FIRST = ['Şule', 'Ömer', 'İpek', 'Çağla', 'Ilgaz', 'Ümit', 'Gökçe', 'Barış', 'Özge', 'Işıl'];
const LAST = ['Işık', 'Çelik', 'Ünal', 'Öztürk', 'Yılmaz', 'Ağaoğlu', 'Şahin', 'Doğan', 'Güneş', 'Kılıç'];

async function main() {
  const design = DEFAULT_DESIGN;
  const frame = PORTRAIT_MM[design.photoShape];
  const images = new Map<string, Buffer>();
  const students: BookStudent[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const original = await sharp({
      create: { width: 2000, height: 2667, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + (i % 8) * 12, sigma: 40 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    images.set(`/img/s${i}.jpg`, (await imageForPrint(original, frame)).jpeg);
    const first = nth(FIRST, i);
    const last = `${nth(LAST, i * 3)}${i}`;
    students.push({
      id: i + 1,
      name: `${first} ${last}`,
      indexKey: orderKey(`${last} ${first}`),
      indexName: `${last}, ${first}`,
      nickname: 'Kaptan',
      quote: 'Hayat bir yolculuktur; önemli olan yol arkadaşlarıdır.',
      portrait: `/img/s${i}.jpg`,
      panelPortrait: null,
      messages: Array.from({ length: MESSAGES }, (_, m) => ({ body: `${BODY} (${m + 1})`, author: `${nth(FIRST, m + 1)} ${nth(LAST, m)}` })),
    });
  }
  const model: BookModel = {
    title: 'Işıklar Anadolu Lisesi 12/A',
    draft: true,
    design,
    school: { name: 'Işıklar Anadolu Lisesi', academicYear: '2025-2026', logo: null },
    cover: null,
    schoolMessages: [],
    branches: [{ name: '12/A', teacherMessages: [{ body: 'Sevgili öğrencilerim…', author: 'Sınıf Öğretmeni' }], students }],
  };

  // Typst, twice: the first run includes loading the fonts.
  await renderBook(model, images);
  let started = performance.now();
  const typst = await renderBook(model, images);
  const typstMs = performance.now() - started;
  report('Typst', typstMs, typst.pdf);

  // Chromium: the same content as HTML, the same font files, print-to-PDF at the media size.
  const { heading, body } = FONT_PAIRS[design.fontPair];
  const files = bundledFontFiles().map((f) => f.path);
  const face = (family: string, file: string | undefined, weight: number, style: string) =>
    file
      ? `@font-face{font-family:'${family}';src:url(data:font/ttf;base64,${fs.readFileSync(file).toString('base64')});font-weight:${weight};font-style:${style}}`
      : '';
  const fileOf = (prefix: string, style: string) => files.find((f) => f.endsWith(`${prefix}_${style}.ttf`));
  const fonts = [heading, body]
    .map(
      (t) =>
        face(t.family, fileOf(t.prefix, '400Regular'), 400, 'normal') +
        face(t.family, fileOf(t.prefix, '400Regular_Italic'), 400, 'italic') +
        face(t.family, fileOf(t.prefix, '700Bold'), 700, 'normal'),
    )
    .join('');
  const img = (path: string) => `data:image/jpeg;base64,${images.get(path)?.toString('base64')}`;
  const page = (content: string) => `<section class="page">${content}<div class="mark">TASLAK</div></section>`;
  const html = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><style>${fonts}
    @page{size:${MEDIA_MM.width}mm ${MEDIA_MM.height}mm;margin:0}
    body{margin:0;font:10.5pt '${body.family}'}
    .page{position:relative;width:${MEDIA_MM.width}mm;min-height:${MEDIA_MM.height}mm;padding:27mm 21mm 23mm;box-sizing:border-box;break-after:page;border-top:10mm solid ${design.primaryColor}}
    h1,h2{font-family:'${heading.family}';color:${design.primaryColor}}
    .p{width:${frame.width}mm;height:${frame.height}mm;object-fit:cover;border-radius:4mm;border:1.5pt solid ${design.accentColor}}
    .grid{display:grid;grid-template-columns:1fr 1fr;gap:3.5mm 5mm}.note{break-inside:avoid;padding:3mm 4mm;border-left:1.6pt solid ${design.accentColor}}
    .a{text-align:right;font:8.5pt '${heading.family}'}.mark{position:absolute;top:45%;left:15%;transform:rotate(-40deg);font:700 110pt '${heading.family}';color:rgba(200,30,30,.16)}
  </style></head><body>
  ${page(`<h1 style="text-align:center;margin-top:90mm">${escapeHtml(model.school.name)}</h1>`)}
  ${page(`<h1 style="text-align:center">12/A</h1><p>${students.map((s) => escapeHtml(s.name)).join(' · ')}</p>`)}
  ${students
    .map((s) => {
      const chunks = Array.from({ length: Math.ceil(s.messages.length / design.messagesPerPage) }, (_, c) =>
        s.messages.slice(c * design.messagesPerPage, (c + 1) * design.messagesPerPage),
      );
      return chunks
        .map((chunk, c) =>
          page(
            `${c === 0 ? `<div style="text-align:center"><img class="p" src="${img(s.portrait ?? '')}"><h2>${escapeHtml(s.name)}</h2><i>${escapeHtml(s.quote ?? '')}</i></div>` : `<h2>${escapeHtml(s.name)} · Anılar (devamı)</h2>`}
          <div class="grid">${chunk.map((m) => `<div class="note">${escapeHtml(m.body)}<div class="a">— ${escapeHtml(m.author)}</div></div>`).join('')}</div>`,
          ),
        )
        .join('');
    })
    .join('')}
  ${page(
    `<h1>Öğrenci Dizini</h1>${[...students]
      .sort((a, b) => (a.indexKey < b.indexKey ? -1 : 1))
      .map((s) => `<div>${escapeHtml(s.indexName)}</div>`)
      .join('')}`,
  )}
  </body></html>`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const tab = await browser.newPage();
    // Twice, like Typst: the first run includes starting the renderer.
    for (let run = 0; run < 2; run++) {
      started = performance.now();
      await tab.setContent(html, { waitUntil: 'load', timeout: 300_000 });
      await tab.evaluate(() => document.fonts.ready);
      const pdf = await tab.pdf({ width: `${MEDIA_MM.width}mm`, height: `${MEDIA_MM.height}mm`, printBackground: true, preferCSSPageSize: true });
      if (run === 1) report('Chromium print-to-PDF', performance.now() - started, pdf);
    }
  } finally {
    await browser.close();
  }
}

async function report(engine: string, ms: number, pdf: Buffer) {
  const r = await inspectPdf(pdf);
  const ppi = r.images.map((i) => i.ppi);
  const trimSet = r.boxes.every((b) => Math.abs(b.trim.width - b.media.width) > 1);
  console.log(
    `${engine}: ${(ms / 1000).toFixed(1)} s, ${r.pages} pages, ${(pdf.length / 1024 / 1024).toFixed(1)} MB; fonts embedded ${r.embeddedFonts.length} (${[...new Set(r.embeddedFonts.map((f) => f.replace(/^[A-Z]{6}\+/, '')))].join(', ')}), ` +
      `subset ${r.embeddedFonts.every((f) => /^[A-Z]{6}\+/.test(f))}, not embedded ${r.missingFonts.length}; portraits ${Math.floor(Math.min(...ppi))}–${Math.floor(Math.max(...ppi))} ppi; trim box ${trimSet}; output intent ${r.outputIntents.map((i) => `${i.subtype} ${i.condition}`).join(', ') || 'none'}`,
  );
}

await main();
