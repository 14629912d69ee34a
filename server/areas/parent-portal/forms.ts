/**
 * The consent letter a school sends home (Veli Onay Formu): one A4 page per student with the
 * consent texts in force, the student's name, the parent code and a QR code of the parents'
 * sign-in with the school filled in. Laid out like the login cards, by the same machinery.
 */
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import type { ConsentText } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import type { IssuedCode } from '../student-portal/accessCodes';
import { renderQrSheet } from '../student-portal/cards';

export interface FormSheet {
  schoolName: string;
  schoolCode: string;
  branchName: string;
  /** The parents' sign-in address, without the school parameter. */
  loginUrl: string;
  texts: ConsentText[];
  forms: IssuedCode[];
}

/** The address a letter's QR code opens: the parents' sign-in with the school filled in. */
const parentLoginUrl = (loginUrl: string, schoolCode: string) => `${loginUrl}?school=${encodeURIComponent(schoolCode)}`;

const LAYOUT = `
#let data = json("/cards.json")
#set page(paper: "a4", margin: (x: 18mm, y: 16mm))
#set text(font: "Inter", size: 9.5pt, lang: "tr")
#set par(justify: true, leading: 0.55em)
#let letter(f) = [
  #text(size: 8pt, fill: luma(90))[#data.schoolName · #data.branchName]
  #v(1mm)
  #text(size: 17pt, weight: "bold")[#data.labels.title]
  #v(1mm)
  #text(size: 11pt)[#data.labels.student: *#f.name* (#data.labels.schoolNumber: #f.schoolNumber)]
  #v(2mm)
  #data.intro
  #for p in data.purposes [
    #v(1.5mm)
    *#p.label* \\
    #text(size: 8.5pt)[#p.body]
  ]
  #v(3mm)
  #block(width: 100%, stroke: 0.6pt + luma(120), inset: 4mm, radius: 2mm)[
    #grid(columns: (1fr, 34mm), column-gutter: 5mm,
      [
        #data.labels.schoolCode: *#data.schoolCode* \\
        #data.labels.schoolNumber: *#f.schoolNumber* \\
        #data.labels.parentCode: #text(size: 15pt, weight: "bold")[#f.code]
        #v(2mm)
        #text(size: 8pt)[#data.labels.howTo \\ #data.qrUrl]
        #v(1mm)
        #text(size: 7.5pt, fill: luma(90))[#data.labels.keep]
      ],
      link(data.qrUrl, image("/qr/" + str(f.studentId) + ".svg", width: 34mm)),
    )
  ]
]
#for f in data.forms {
  letter(f)
  pagebreak(weak: true)
}
`;

export function renderConsentForms(sheet: FormSheet): Buffer {
  const url = parentLoginUrl(sheet.loginUrl, sheet.schoolCode);
  const p = tr.parent;
  const purposes = CONSENT_PURPOSES.map((purpose) => ({ label: p.purposes[purpose], body: sheet.texts.find((t) => t.purpose === purpose)?.body ?? '' }));
  const labels = {
    title: p.title,
    student: p.forms.student,
    schoolCode: tr.student.schoolCode,
    schoolNumber: tr.student.schoolNumber,
    parentCode: p.parentCode,
    howTo: p.forms.howTo,
    keep: p.forms.keep,
  };
  const { texts: _texts, ...rest } = sheet;
  return renderQrSheet({
    name: 'consent forms',
    layout: LAYOUT,
    data: { ...rest, qrUrl: url, intro: p.intro, purposes, labels },
    qrCodes: sheet.forms.map((form) => [form.studentId, url]),
  });
}
