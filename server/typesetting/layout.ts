/**
 * The yearbook's page layout in Typst. It reads the book from /book.json (written by render.ts)
 * and never interprets user text as markup: names, quotes and messages are Typst strings, shown
 * as they are. Page size is the trim plus bleed; backgrounds run into the bleed, text keeps to
 * the safe area inside the trim. Pages face each other: the margins and the template's band follow
 * the side a page is on, and sections (the school's messages, each branch, each student) start on
 * a right-hand, odd page. Typst reckons odd and even by the page's place in the layout, not by its
 * number, so every part of a book (parts.ts) but the last ends on an even page count, and each
 * starts on an odd number. The last ends with notes pages to the printer's multiple.
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
#let margins = data.marginsMm
#let textHeight = (data.mediaMm.height - 2 * data.bleedMm - margins.top - margins.bottom) * 1mm
#let pageNumber() = counter(page).get().first()
// A right-hand page carries an odd number.
#let rightHand() = calc.odd(pageNumber())

// The next section on a right-hand page. A left-hand page left over before it stays blank, without
// a folio (the notes pages that end the book are pages of the book, and carry theirs): the page the
// last section ended on is kept, and when the next starts two pages on, the one between is blank.
#let lastEnd = state("yb-end", none)
#let blanks = state("yb-blanks", ())
#let toRightHand() = {
  context { let p = pageNumber(); lastEnd.update(p) }
  pagebreak(weak: true, to: "odd")
  context {
    let p = pageNumber()
    if lastEnd.get() == p - 2 { blanks.update(b => b + (p - 1,)) }
  }
}

// A string as text, its line breaks kept.
#let lines(s) = s.split("\n").map(x => [#x]).join(linebreak())

#let watermark = if data.draft {
  place(center + horizon, rotate(-40deg, text(font: headingFont, size: 110pt, weight: "bold", fill: rgb(200, 30, 30, 40), t.draft)))
}

// The modern band runs down the outside edge, into the bleed; never into the binding.
#let band = if modern {
  context place(if rightHand() { right + top } else { left + top }, rect(width: bleed + 9mm, height: 100%, fill: primary))
} else {
  place(left + top, rect(width: 100%, height: bleed + 7mm, fill: primary))
}

// On a student's continuation pages, whose pages these are: the student whose section is open at
// the top of the page (it opens below the top of its first page, and closes when it ends; a student
// printed without a name has none). A state
// rather than a query of marks: a query on every page's header cost a third of the layout's time.
#let openSection = state("yb-section", none)
#let runningHead = context {
  let name = openSection.get()
  if name != none and name != "" {
    align(if rightHand() { right } else { left }, text(font: headingFont, size: 9pt, weight: "bold", fill: primary, [#name · #t.continued]))
  }
}

#set document(title: data.title)
#set text(font: bodyFont, size: 10.5pt, lang: "tr", region: "TR", hyphenate: true, fill: ink)
#set par(leading: 0.62em)
#set page(
  width: data.mediaMm.width * 1mm,
  height: data.mediaMm.height * 1mm,
  margin: (top: bleed + margins.top * 1mm, bottom: bleed + margins.bottom * 1mm, inside: bleed + margins.inside * 1mm, outside: bleed + if modern { margins.outsideBanded * 1mm } else { margins.outside * 1mm }),
  fill: paper,
  background: band,
  foreground: watermark,
  header: runningHead,
  footer: context if pageNumber() not in blanks.final() { align(center, text(font: headingFont, size: 9pt, fill: grey(57%), number-type: "lining", counter(page).display())) },
  footer-descent: 40%,
)

// A part of a longer book starts at its own page number.
#counter(page).update(part.firstPage)

// A heading's own paragraph at its own size, so that a line that wraps keeps a leading to match.
// Names are not hyphenated.
#let display(size, body, fill: primary) = {
  set text(font: headingFont, size: size, weight: "bold", fill: fill, hyphenate: false)
  set par(leading: 0.6em)
  body
}

#let title(body) = block(below: 8mm, display(22pt, body))

// A note may run on to the next page or column: a long one must not leave a hole beside it.
#let note(m) = block(
  width: 100%,
  breakable: true,
  inset: (x: 4mm, y: 3mm),
  radius: 2mm,
  fill: white.transparentize(25%),
  stroke: (left: 1.6pt + accent),
)[
  #lines(m.body)
  #if m.author != "" { align(right, text(font: headingFont, size: 8.5pt, fill: grey(65%), [— #m.author])) }
  #if m.at("title", default: none) != none { align(right, text(font: headingFont, size: 8pt, style: "italic", fill: grey(65%), m.title)) }
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
  let name = block(display(20pt, s.name))
  let extra = {
    if d.showNickname and s.nickname != none { text(font: headingFont, size: 12pt, weight: "bold", fill: accent, ["#s.nickname"]) }
    if d.showQuote and s.quote != none { block(above: 4mm, text(style: "italic", lines(s.quote))) }
  }
  if modern {
    grid(columns: (auto, 1fr), column-gutter: 8mm, portrait(s), align(horizon, stack(spacing: 2mm, name, extra)))
  } else {
    align(center, stack(spacing: 4mm, portrait(s), name, extra))
  }
}

// Two columns, each note going to the shorter one, so a long note leaves no hole beside it; a
// column that outgrows the page goes on at the top of the next. A note's height is reckoned in
// lines of about 42 characters (the column's measure) plus its inset and signature: measuring
// every note with Typst would cost most of the layout's time.
#let noteLines(m) = m.body.split("\n").map(p => calc.max(1, calc.ceil(p.clusters().len() / 42))).sum() + 2.5
#let messages(list) = {
  let gap = 3.5mm
  let cols = ((), ())
  let heights = (0, 0)
  for item in list {
    let i = if heights.at(0) <= heights.at(1) { 0 } else { 1 }
    cols.at(i).push(note(item))
    heights.at(i) += noteLines(item)
  }
  grid(columns: (1fr, 1fr), column-gutter: 5mm, ..cols.map(notes => notes.map(n => block(below: gap, n)).join()))
}

// A branch's class panel: every student's portrait with the name under it, the page fitting the
// whole class (a large class prints smaller). The photos are small copies made for this size.
#let panelPhoto(e, w, h) = {
  let radius = if d.photoShape == "circle" { 50% } else if d.photoShape == "rounded" { 2mm } else { 0pt }
  if e.portrait != none {
    box(width: w, height: h, radius: radius, clip: true, stroke: 1pt + accent, image(e.portrait, width: w, height: h, fit: "cover"))
  } else {
    // At most two words' first letters; a name of one word gives one, an empty name (not printed) none.
    let words = e.name.split(" ").filter(x => x != "")
    let initials = words.slice(0, calc.min(2, words.len())).map(x => x.clusters().first()).join()
    box(width: w, height: h, radius: radius, fill: grey(9%), stroke: 1pt + accent,
      align(center + horizon, text(font: headingFont, size: 14pt, fill: grey(45%), [#initials])))
  }
}

// A name under its portrait on the class panel, in its cell: set smaller, down to 6 pt, until its
// longest word fits the cell's width and its lines the space under the photo. A name that fits at
// none of these sizes is hyphenated and cut at the cell's edge, never run into its neighbour's, and
// marked for the check before print.
#let nameText(name, size, hyphenate) = { set par(leading: 0.4em); text(size: size, hyphenate: hyphenate, name) }
#let panelName(e, height) = layout(cell => {
  let words = e.name.split(regex("[\\s\u{200B}]+")).filter(w => w != "")
  let fits(size) = (
    calc.max(0pt, ..words.map(w => measure(text(size: size, w)).width)) <= cell.width
      and measure(block(width: cell.width, nameText(e.name, size, false))).height <= height
  )
  let size = (8pt, 7.5pt, 7pt, 6.5pt, 6pt).find(fits)
  if size != none {
    block(width: 100%, height: height, nameText(e.name, size, false))
  } else {
    context [#metadata((id: e.id, page: counter(page).get().first())) <yb-cut-name>]
    block(width: 100%, height: height, clip: true, nameText(e.name, 6pt, true))
  }
})

#let panel(b, entries) = {
  let cols = d.panelColumns
  let rows = calc.ceil(entries.len() / cols)
  let nameSpace = 10mm
  let rowGap = 3mm
  let w = data.panelMm.width * 1mm
  let h = data.panelMm.height * 1mm
  let room = (textHeight - 22mm) / rows - nameSpace - rowGap
  // A class too large for one page at a readable size goes on to a second.
  let scale = calc.max(0.3, calc.min(1, room / h))
  title(b.name)
  grid(columns: (1fr,) * cols, column-gutter: data.panelGutterMm * 1mm, row-gutter: rowGap, align: center + top,
    ..entries.map(e => stack(spacing: 1.5mm,
      // The panel's page is one the student appears on (the index lists it).
      [#context [#metadata((id: e.id, page: counter(page).get().first())) <yb-panel>]#panelPhoto(e, w * scale, h * scale)],
      panelName(e, nameSpace - 1.5mm))))
}

// An event page: the album's name, then its photos in the layout's grid, each cut to its frame
// with its caption under it. Each photo marks its page for the tagged students (the index lists
// it) and for itself (the check before print names the page of a photo printed soft).
#let eventPage(p) = {
  let cell = data.eventCells.at(str(p.layout))
  let w = cell.width * 1mm
  let h = cell.height * 1mm
  block(height: data.eventTitleMm * 1mm - 4mm, below: 4mm, display(14pt, p.album))
  grid(columns: (w,) * cell.columns, column-gutter: data.eventGutterMm * 1mm, row-gutter: data.eventGutterMm * 1mm,
    ..p.photos.map(ph => {
      let marks = context {
        let at = counter(page).get().first()
        [#metadata((id: ph.id, page: at)) <yb-event-photo>]
        for id in ph.studentIds [#metadata((id: id, page: at)) <yb-event>]
      }
      stack(spacing: 1.5mm,
        box(width: w, height: h, clip: true, fill: grey(9%), {
          marks
          if ph.image != none { image(ph.image, width: w, height: h, fit: "cover") }
        }),
        block(width: w, height: data.eventCaptionMm * 1mm - 1.5mm, text(size: 8.5pt, ph.caption)))
    }))
}

// "Anı / Notlar": a page of lines for what friends write in the printed book.
#let notesPage() = {
  title(t.notes)
  for i in range(20) { block(above: 0pt, below: 0pt, height: 10mm, width: 100%, align(bottom, line(length: 100%, stroke: 0.5pt + grey(33%)))) }
}

#if part.cover != none and data.schoolMessages.len() > 0 {
  toRightHand()
  title(t.schoolMessages)
  for m in data.schoolMessages { block(below: 6mm, note(m)) }
}

#for b in data.branches {
  // The branch's divider: its name, the teacher's message and the class list.
  if part.divider != none {
    toRightHand()
    align(center, block(above: 20mm, below: 12mm, display(44pt, b.name)))
    for m in b.teacherMessages { block(below: 6mm, note(m)) }
    if part.divider.classList.len() > 0 {
      block(above: 8mm, below: 4mm, text(font: headingFont, size: 13pt, weight: "bold", fill: primary, t.classList))
      // Down the columns, as a list is read: the first third in the first column.
      let names = part.divider.classList
      let perColumn = calc.ceil(names.len() / 3)
      grid(columns: (1fr, 1fr, 1fr), column-gutter: 6mm, row-gutter: 1.8mm, ..range(perColumn * 3).map(i => {
        let k = calc.rem(i, 3) * perColumn + calc.quo(i, 3)
        if k < names.len() { text(size: 9.5pt, hyphenate: false, names.at(k)) }
      }))
    }
    if part.divider.panel.len() > 0 {
      pagebreak(weak: true)
      panel(b, part.divider.panel)
    }
    // The branch's event pages, after its class panel.
    for p in b.at("eventPages", default: ()) {
      pagebreak(weak: true)
      eventPage(p)
    }
  }

  for s in b.students {
    toRightHand()
    // Where the student's pages begin, for the index (here or in a later part) and the running head.
    context [#metadata((id: s.id, page: counter(page).get().first())) <yb-page>]
    openSection.update(s.name)
    studentHeader(s)
    if d.showMessages and s.messages.len() > 0 {
      let per = d.messagesPerPage
      let chunks = range(0, s.messages.len(), step: per).map(i => s.messages.slice(i, calc.min(i + per, s.messages.len())))
      for (i, chunk) in chunks.enumerate() {
        if i == 0 { v(8mm) } else { pagebreak() }
        messages(chunk)
      }
    }
    openSection.update(none)
    // Where they end: the digital yearbook's name search goes to every page of the student.
    context [#metadata((id: s.id, page: counter(page).get().first())) <yb-page-end>]
  }
}

// Event pages at the end of the book (or the school-wide albums' when branches have theirs), from a right-hand page.
#for (i, p) in data.at("eventPages", default: ()).enumerate() {
  if i == 0 { toRightHand() } else { pagebreak() }
  eventPage(p)
}

// The index: every student in Turkish alphabetical order with every page they appear on: their
// own pages, their class panel, and the event pages where they are tagged.
#if part.index != none {
  pagebreak(weak: true)
  title(t.index)
  context {
    let pages = part.index.knownPages
    for mark in query(<yb-page>) + query(<yb-panel>) + query(<yb-event>) {
      let key = str(mark.value.id)
      pages.insert(key, pages.at(key, default: ()) + (mark.value.page,))
    }
    columns(2, gutter: 8mm, for s in part.index.entries {
      block(below: 1.8mm, grid(columns: (1fr, auto), column-gutter: 2mm,
        [#s.name #box(width: 1fr, repeat(text(fill: grey(37%), ".")))],
        text(font: headingFont, number-type: "lining", pages.at(str(s.id), default: ()).sorted().dedup().map(str).join(", "))))
    })
  }
  // The book ends on a whole number of the printer's folded sheets: the pages short of it are for notes.
  // (Counted from a mark before them: the notes' own context would sit on the first page it adds.)
  [#metadata(none) <yb-body-end>]
  context {
    let last = counter(page).at(query(<yb-body-end>).first().location()).first()
    for i in range(calc.rem(d.pageMultiple - calc.rem(last, d.pageMultiple), d.pageMultiple)) {
      pagebreak()
      notesPage()
    }
  }
} else {
  // An even number of pages, so that the next part starts on a right-hand page (after a blank one
  // when this part ends on a right-hand page).
  context { let p = pageNumber(); if calc.odd(p) { blanks.update(b => b + (p + 1,)) } }
  pagebreak(weak: true, to: "odd")
}
`;
