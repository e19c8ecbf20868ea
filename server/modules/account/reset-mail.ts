import type { Locale } from '#contract/constants.ts';
import { fillLine, type MailMessage } from '../../lib/mail.ts';

interface ResetWords {
  subject: string;
  /** The lines of the body; `{name}`, `{link}` and `{minutes}` are filled in. */
  lines: string[];
}

/** The password reset e-mail in every language of the app (docs/product.md "Your own account"). */
const WORDS: Record<Locale, ResetWords> = {
  he: {
    subject: 'איפוס הסיסמה שלך בשלב',
    lines: [
      'שלום {name},',
      'התקבלה בקשה לאיפוס הסיסמה של החשבון שלך בשלב. לבחירת סיסמה חדשה פתח את הקישור:',
      '{link}',
      'הקישור תקף ל-{minutes} דקות ולשימוש אחד בלבד.',
      'אם לא ביקשת זאת, התעלם מהודעה זו — הסיסמה שלך לא שונתה.',
    ],
  },
  en: {
    subject: 'Reset your Shalav password',
    lines: [
      'Hello {name},',
      'Someone asked to reset the password of your Shalav account. To choose a new password, open this link:',
      '{link}',
      'The link works for {minutes} minutes, once.',
      'If you did not ask for this, ignore this e-mail — your password has not changed.',
    ],
  },
  ru: {
    subject: 'Сброс пароля в Shalav',
    lines: [
      'Здравствуйте, {name}!',
      'Поступил запрос на сброс пароля вашей учётной записи Shalav. Чтобы выбрать новый пароль, откройте ссылку:',
      '{link}',
      'Ссылка действует {minutes} минут и только один раз.',
      'Если вы этого не запрашивали, просто проигнорируйте письмо — ваш пароль не изменён.',
    ],
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Shalav',
    lines: [
      'مرحبًا {name}،',
      'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Shalav. لاختيار كلمة مرور جديدة افتح هذا الرابط:',
      '{link}',
      'يعمل الرابط لمدة {minutes} دقيقة ولمرة واحدة فقط.',
      'إذا لم تطلب ذلك فتجاهل هذه الرسالة — لم تتغير كلمة مرورك.',
    ],
  },
  uk: {
    subject: 'Скидання пароля в Shalav',
    lines: [
      'Вітаємо, {name}!',
      'Надійшов запит на скидання пароля вашого облікового запису Shalav. Щоб обрати новий пароль, відкрийте посилання:',
      '{link}',
      'Посилання діє {minutes} хвилин і лише один раз.',
      'Якщо ви цього не просили, просто проігноруйте лист — ваш пароль не змінено.',
    ],
  },
  hi: {
    subject: 'अपना Shalav पासवर्ड रीसेट करें',
    lines: [
      'नमस्ते {name},',
      'किसी ने आपके Shalav खाते का पासवर्ड रीसेट करने का अनुरोध किया है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:',
      '{link}',
      'यह लिंक {minutes} मिनट तक और केवल एक बार काम करता है।',
      'यदि आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें — आपका पासवर्ड नहीं बदला है।',
    ],
  },
  am: {
    subject: 'የShalav የይለፍ ቃልዎን ዳግም ያስጀምሩ',
    lines: [
      'ሰላም {name}፣',
      'የShalav መለያዎን የይለፍ ቃል ዳግም ለማስጀመር ጥያቄ ቀርቧል። አዲስ የይለፍ ቃል ለመምረጥ ይህን አገናኝ ይክፈቱ፦',
      '{link}',
      'አገናኙ ለ{minutes} ደቂቃዎች እና አንድ ጊዜ ብቻ ይሰራል።',
      'ይህን ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ — የይለፍ ቃልዎ አልተቀየረም።',
    ],
  },
};

/**
 * The e-mailed link: the language in the query (`?lng=ru`, read by the reset page), the token in the
 * fragment, which browsers never send to a server.
 */
export const resetLink = (publicUrl: string, token: string, language: Locale) =>
  `${publicUrl}/reset-password?lng=${encodeURIComponent(language)}#token=${token}`;

/** The reset e-mail to one user, in their chosen language. */
export function resetMail(p: { to: string; name: string; link: string; minutes: number; language: Locale }): MailMessage {
  const words = WORDS[p.language];
  const fill = (line: string) => fillLine(line, { name: p.name, link: p.link, minutes: p.minutes });
  return { to: p.to, subject: words.subject, text: words.lines.map(fill).join('\n\n') + '\n' };
}
