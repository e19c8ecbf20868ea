import type { Locale } from '#contract/constants.ts';
import { fillLine, type MailMessage } from '../../lib/mail.ts';

interface DigestWords {
  /** `{project}` and `{date}` are filled in. */
  subject: string;
  greeting: string;
  intro: string;
  pending: string;
  sentBack: string;
  redone: string;
  shortages: string;
  reviewLink: string;
  shortagesLink: string;
  /** Why the reader gets this and where to stop it; `{link}` is the profile. */
  footer: string;
}

/** The daily e-mail in every language of the app (docs/decisions/031-daily-digest.md); `{name}`, `{project}`, `{date}`, `{n}`, `{link}`. */
const WORDS: Record<Locale, DigestWords> = {
  he: {
    subject: '{project}: סיכום יומי {date}',
    greeting: 'שלום {name},',
    intro: 'הסיכום היומי של {project} (24 השעות האחרונות):',
    pending: 'שלבים שממתינים לבדיקה: {n}',
    sentBack: 'שלבים שהוחזרו לתיקון: {n}',
    redone: 'שלבים שתוקנו אחרי שהוחזרו: {n}',
    shortages: 'חוסרים חדשים: {n}',
    reviewLink: 'לבדיקת השלבים: {link}',
    shortagesLink: 'לטבלת החוסרים: {link}',
    footer: 'קיבלת הודעה זו כי הפעלת את הדוא״ל היומי בפרופיל החשבון. אפשר לכבות אותו שם: {link}',
  },
  en: {
    subject: '{project}: daily summary {date}',
    greeting: 'Hello {name},',
    intro: 'The daily summary of {project} (the last 24 hours):',
    pending: 'Stages waiting for review: {n}',
    sentBack: 'Stages sent back: {n}',
    redone: 'Stages redone after being sent back: {n}',
    shortages: 'New shortages: {n}',
    reviewLink: 'Review the stages: {link}',
    shortagesLink: 'Shortages table: {link}',
    footer: 'You get this e-mail because you turned on the daily e-mail in your account profile. You can turn it off there: {link}',
  },
  ru: {
    subject: '{project}: ежедневная сводка {date}',
    greeting: 'Здравствуйте, {name}!',
    intro: 'Ежедневная сводка по проекту {project} (последние 24 часа):',
    pending: 'Этапы, ожидающие проверки: {n}',
    sentBack: 'Этапы, возвращённые на доработку: {n}',
    redone: 'Этапы, переделанные после возврата: {n}',
    shortages: 'Новые нехватки: {n}',
    reviewLink: 'Проверить этапы: {link}',
    shortagesLink: 'Таблица нехваток: {link}',
    footer: 'Вы получили это письмо, потому что включили ежедневное письмо в профиле учётной записи. Отключить его можно там: {link}',
  },
  ar: {
    subject: '{project}: الملخص اليومي {date}',
    greeting: 'مرحبًا {name}،',
    intro: 'الملخص اليومي لمشروع {project} (آخر 24 ساعة):',
    pending: 'مراحل بانتظار المراجعة: {n}',
    sentBack: 'مراحل أُعيدت للتصحيح: {n}',
    redone: 'مراحل أُعيد تنفيذها بعد إرجاعها: {n}',
    shortages: 'نواقص جديدة: {n}',
    reviewLink: 'مراجعة المراحل: {link}',
    shortagesLink: 'جدول النواقص: {link}',
    footer: 'تصلك هذه الرسالة لأنك فعّلت البريد اليومي في ملف حسابك. يمكنك إيقافه من هناك: {link}',
  },
  uk: {
    subject: '{project}: щоденний підсумок {date}',
    greeting: 'Вітаємо, {name}!',
    intro: 'Щоденний підсумок проєкту {project} (останні 24 години):',
    pending: 'Етапи, що чекають на перевірку: {n}',
    sentBack: 'Етапи, повернуті на доопрацювання: {n}',
    redone: 'Етапи, перероблені після повернення: {n}',
    shortages: 'Нові нестачі: {n}',
    reviewLink: 'Перевірити етапи: {link}',
    shortagesLink: 'Таблиця нестач: {link}',
    footer: 'Ви отримали цей лист, бо ввімкнули щоденний лист у профілі облікового запису. Вимкнути його можна там: {link}',
  },
  hi: {
    subject: '{project}: दैनिक सारांश {date}',
    greeting: 'नमस्ते {name},',
    intro: '{project} का दैनिक सारांश (पिछले 24 घंटे):',
    pending: 'जाँच की प्रतीक्षा में चरण: {n}',
    sentBack: 'सुधार के लिए लौटाए गए चरण: {n}',
    redone: 'लौटाए जाने के बाद दोबारा किए गए चरण: {n}',
    shortages: 'नई कमियाँ: {n}',
    reviewLink: 'चरणों की जाँच करें: {link}',
    shortagesLink: 'कमियों की तालिका: {link}',
    footer: 'आपको यह ई-मेल इसलिए मिला क्योंकि आपने अपनी खाता प्रोफ़ाइल में दैनिक ई-मेल चालू किया है। आप इसे वहीं बंद कर सकते हैं: {link}',
  },
  am: {
    subject: '{project}፦ ዕለታዊ ማጠቃለያ {date}',
    greeting: 'ሰላም {name}፣',
    intro: 'የ{project} ዕለታዊ ማጠቃለያ (ያለፉት 24 ሰዓታት)፦',
    pending: 'ግምገማ የሚጠብቁ ደረጃዎች፦ {n}',
    sentBack: 'ለማስተካከያ የተመለሱ ደረጃዎች፦ {n}',
    redone: 'ከተመለሱ በኋላ እንደገና የተሰሩ ደረጃዎች፦ {n}',
    shortages: 'አዲስ እጥረቶች፦ {n}',
    reviewLink: 'ደረጃዎቹን ይገምግሙ፦ {link}',
    shortagesLink: 'የእጥረቶች ሰንጠረዥ፦ {link}',
    footer: 'ይህን ኢሜይል የተቀበሉት በመለያ መገለጫዎ ላይ ዕለታዊውን ኢሜይል ስላበሩ ነው። እዚያው ሊያጠፉት ይችላሉ፦ {link}',
  },
};

/** What one project's e-mail tells; all zero means no e-mail. */
export interface DigestFigures {
  pending: number;
  sentBack: number;
  redone: number;
  shortages: number;
}

export const isEmptyDigest = (f: DigestFigures) => f.pending + f.sentBack + f.redone + f.shortages === 0;

/** The daily e-mail to one project admin or manager, plain text in their language, links absolute from PUBLIC_URL. */
export function digestMail(p: {
  to: string;
  name: string;
  project: string;
  date: string;
  figures: DigestFigures;
  publicUrl: string;
  language: Locale;
}): MailMessage {
  const words = WORDS[p.language];
  // One pass, so a project or user name that holds `{date}` stays as typed.
  const counts = [
    fillLine(words.pending, { n: p.figures.pending }),
    fillLine(words.sentBack, { n: p.figures.sentBack }),
    fillLine(words.redone, { n: p.figures.redone }),
    fillLine(words.shortages, { n: p.figures.shortages }),
  ].join('\n');
  const links = [
    fillLine(words.reviewLink, { link: `${p.publicUrl}/review` }),
    fillLine(words.shortagesLink, { link: `${p.publicUrl}/shortages-table` }),
  ].join('\n');
  const paragraphs = [
    fillLine(words.greeting, { name: p.name }),
    fillLine(words.intro, { project: p.project }),
    counts,
    links,
    fillLine(words.footer, { link: `${p.publicUrl}/account-profile` }),
  ];
  return { to: p.to, subject: fillLine(words.subject, { project: p.project, date: p.date }), text: paragraphs.join('\n\n') + '\n' };
}
