/**
 * The yearbook's page layout in Typst. It reads the book from /book.json (written by render.ts)
 * and never interprets user text as markup: names, quotes and messages are Typst strings, shown
 * as they are. Page size is the trim plus bleed; backgrounds run into the bleed, text keeps to
 * the safe area inside the trim.
 */
export const LAYOUT = String.raw`
#let data = json("/book.json")
#let d = data.design
#let primary = rgb(d.primaryColor)
#let accent = rgb(d.accentColor)
// Black and greys in the black ink alone (k: its share), so text and rules print on the K plate
// only, never as a four-colour black; the design's colours stay RGB.
#let grey(k) = cmyk(0%, 0%, 0%, k)
#let ink = grey(100%)
// Each face with the fallbacks after it: a character the design's face lacks comes from them.
// Greek is set in Inter whole: the other faces have a few Greek letters, a word would mix faces.
#let greek = (name: "Inter", covers: regex("\\p{Greek}"))
#let headingFont = (greek, data.fonts.heading, ..data.fonts.fallback)
#let bodyFont = (greek, data.fonts.body, ..data.fonts.fallback)
#let bleed = data.bleedMm * 1mm
#let modern = d.template == "modern"
#let pastel = d.template == "pastel"
#let paper = if pastel { accent.lighten(88%) } else { white }
#let t = data.texts
#let part = data.part

// A string as text, its line breaks kept.
#let lines(s) = s.split("\n").map(x => [#x]).join(linebreak())

#let watermark = if data.draft {
  place(center + horizon, rotate(-40deg, text(font: headingFont, size: 110pt, weight: "bold", fill: rgb(200, 30, 30, 40), t.draft)))
}

#let band = if modern {
  place(left + top, rect(width: bleed + 9mm, height: 100%, fill: primary))
} else {
  place(left + top, rect(width: 100%, height: bleed + 7mm, fill: primary))
}

#set document(title: data.title)
#set text(font: bodyFont, size: 10.5pt, lang: "tr", region: "TR", fill: ink)
#set par(leading: 0.62em)
#set page(
  width: data.mediaMm.width * 1mm,
  height: data.mediaMm.height * 1mm,
  margin: (top: bleed + 24mm, bottom: bleed + 20mm, left: bleed + if modern { 26mm } else { 18mm }, right: bleed + 18mm),
  fill: paper,
  background: band,
  foreground: watermark,
  footer: context align(center, text(font: headingFont, size: 9pt, fill: grey(57%), counter(page).display())),
  footer-descent: 40%,
)

// A part of a longer book starts at its own page number.
#counter(page).update(part.firstPage)

#let title(body) = block(below: 8mm, text(font: headingFont, size: 22pt, weight: "bold", fill: primary, body))

#let note(m) = block(
  width: 100%,
  breakable: false,
  inset: (x: 4mm, y: 3mm),
  radius: 2mm,
  fill: white.transparentize(25%),
  stroke: (left: 1.6pt + accent),
)[
  #lines(m.body)
  #if m.author != "" { align(right, text(font: headingFont, size: 8.5pt, fill: grey(65%), [— #m.author])) }
]

#let portrait(s) = {
  let w = data.portraitMm.width * 1mm
  let h = data.portraitMm.height * 1mm
  let radius = if d.photoShape == "circle" { 50% } else if d.photoShape == "rounded" { 4mm } else { 0pt }
  if s.portrait != none {
    box(width: w, height: h, radius: radius, clip: true, stroke: 1.5pt + accent, image(s.portrait, width: w, height: h, fit: "cover"))
  } else {
    box(width: w, height: h, radius: radius, fill: grey(9%), stroke: 1.5pt + accent,
      align(center + horizon, text(font: headingFont, size: 26pt, fill: grey(45%), s.initials)))
  }
}

#let studentHeader(s) = {
  let name = text(font: headingFont, size: 20pt, weight: "bold", fill: primary, s.name)
  let extra = {
    if d.showNickname and s.nickname != none { text(font: headingFont, size: 12pt, weight: "bold", fill: accent, ["#s.nickname"]) }
    if d.showQuote and s.quote != none { block(above: 4mm, text(style: "italic", lines(s.quote))) }
  }
  if modern {
    grid(columns: (auto, 1fr), column-gutter: 8mm, portrait(s), align(horizon, [#name \ #extra]))
  } else {
    align(center, stack(spacing: 4mm, portrait(s), name, extra))
  }
}

#let messages(list) = grid(columns: (1fr, 1fr), column-gutter: 5mm, row-gutter: 3.5mm, ..list.map(note))

#if part.cover != none and data.schoolMessages.len() > 0 {
  pagebreak(weak: true)
  title(t.schoolMessages)
  for m in data.schoolMessages { block(below: 6mm, note(m)) }
}

#for b in data.branches {
  // The branch's divider: its name, the teacher's message and the class list.
  if part.divider != none {
    pagebreak(weak: true)
    align(center, block(above: 20mm, below: 12mm, text(font: headingFont, size: 44pt, weight: "bold", fill: primary, b.name)))
    for m in b.teacherMessages { block(below: 6mm, note(m)) }
    if part.divider.classList.len() > 0 {
      block(above: 8mm, below: 4mm, text(font: headingFont, size: 13pt, weight: "bold", fill: primary, t.classList))
      grid(columns: (1fr, 1fr, 1fr), column-gutter: 6mm, row-gutter: 1.8mm, ..part.divider.classList.map(name => text(size: 9.5pt, name)))
    }
  }

  for s in b.students {
    pagebreak(weak: true)
    // Where the student's pages begin, for the index (here or in a later part).
    context [#metadata((id: s.id, page: counter(page).get().first())) <yb-page>]
    studentHeader(s)
    if d.showMessages and s.messages.len() > 0 {
      let per = d.messagesPerPage
      let chunks = range(0, s.messages.len(), step: per).map(i => s.messages.slice(i, calc.min(i + per, s.messages.len())))
      for (i, chunk) in chunks.enumerate() {
        if i == 0 { v(8mm) } else {
          pagebreak()
          block(below: 6mm, text(font: headingFont, size: 13pt, weight: "bold", fill: primary, [#s.name · #t.continued]))
        }
        messages(chunk)
      }
    }
  }
}

// The index: every student in Turkish alphabetical order with the page of their portrait.
#if part.index != none {
  pagebreak(weak: true)
  title(t.index)
  context {
    let pages = part.index.knownPages
    for mark in query(<yb-page>) { pages.insert(str(mark.value.id), mark.value.page) }
    columns(2, gutter: 8mm, for s in part.index.entries {
      block(below: 1.8mm, grid(columns: (1fr, auto), column-gutter: 2mm,
        [#s.name #box(width: 1fr, repeat(text(fill: grey(37%), ".")))],
        text(font: headingFont, str(pages.at(str(s.id), default: "")))))
    })
  }
}
`;
