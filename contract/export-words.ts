/**
 * The words of the manager's exports (docs/product.md "Exports"): sheet names, column headers and
 * the words of status-like values, in each language the screens speak, with the screens' wording.
 * The export request names the language; Hebrew and Arabic sheets read right to left.
 */
import { z } from 'zod';
import { EXPORT_FORMATS } from './admin-filters.ts';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from './constants.ts';
import { CLEANING_FACILITY_TYPES } from './cleaning-types.ts';
import { cleaningStatsQuery, performanceQuery, type Trend } from './insight.ts';
import { reportListQuery, type ReportStatus } from './reports.ts';
import type { StageReview, StageReviewState } from './review-state.ts';
import { scheduledTasksQuery } from './schedules.ts';

export { EXPORT_FORMATS };

/** The query fields every export adds to its list's filters. */
export const exportParams = {
  format: z.enum(EXPORT_FORMATS),
  lang: z.enum(LOCALES).default(DEFAULT_LOCALE),
};

export const isRightToLeft = (lang: Locale) => RTL_LOCALES.includes(lang);

export interface ExportWords {
  shortages: {
    sheet: string;
    columns: { item: string; quantity: string; unit: string; reportedBy: string; status: string; reportedAt: string; notes: string };
  };
  measurements: {
    sheet: string;
    columns: {
      item: string;
      height: string;
      width: string;
      thickness: string;
      quantity: string;
      unit: string;
      reportedBy: string;
      status: string;
      reportedAt: string;
      notes: string;
    };
  };
  scheduledTasks: {
    sheet: string;
    columns: {
      unit: string;
      unitName: string;
      floor: string;
      task: string;
      status: string;
      /** The stage's review state (docs/decisions/029-quality-loop.md). */
      review: string;
      worker: string;
      completedAt: string;
      notes: string;
    };
  };
  employeePerformance: {
    sheet: string;
    columns: { rank: string; name: string; tasks: string; units: string; rating: string; efficiency: string; trend: string };
  };
  /** A shortage's or a measurement's status, as the tables show it. */
  reportStatus: Record<ReportStatus, string>;
  /** A scheduled task's status, as work tracking shows it. */
  taskStatus: Record<ReportStatus, string>;
  /** A stage's review state, as the screens show it. */
  reviewState: Record<StageReviewState, string>;
  trend: Record<Trend, string>;
}

export const EXPORT_WORDS: Record<Locale, ExportWords> = {
  he: {
    shortages: {
      sheet: 'טבלת חוסרים',
      columns: {
        item: 'פריט',
        quantity: 'כמות',
        unit: 'דירה',
        reportedBy: 'עובד מדווח',
        status: 'סטטוס',
        reportedAt: 'תאריך דיווח',
        notes: 'הערות',
      },
    },
    measurements: {
      sheet: 'טבלת מידות',
      columns: {
        item: 'פריט',
        height: 'גובה (מ״מ)',
        width: 'רוחב (מ״מ)',
        thickness: 'עובי (מ״מ)',
        quantity: 'כמות',
        unit: 'דירה',
        reportedBy: 'עובד מדווח',
        status: 'סטטוס',
        reportedAt: 'תאריך דיווח',
        notes: 'הערות',
      },
    },
    scheduledTasks: {
      sheet: 'מעקב עבודה',
      columns: {
        unit: 'דירה',
        unitName: 'שם הדירה',
        floor: 'קומה',
        task: 'משימה',
        status: 'סטטוס',
        review: 'בדיקה',
        worker: 'עובד',
        completedAt: 'הושלם בשעה',
        notes: 'הערות',
      },
    },
    employeePerformance: {
      sheet: 'ביצועי עובדים',
      columns: {
        rank: 'מקום',
        name: 'שם',
        tasks: 'שלבים שהושלמו',
        units: 'דירות',
        rating: 'דירוג',
        efficiency: 'יעילות (%)',
        trend: 'מגמה',
      },
    },
    reportStatus: { pending: 'ממתין', in_progress: 'בטיפול', completed: 'הושלם' },
    taskStatus: { pending: 'ממתין', in_progress: 'בתהליך', completed: 'הושלם' },
    reviewState: { awaiting: 'ממתין לבדיקה', accepted: 'אושר', sent_back: 'הוחזר לתיקון' },
    trend: { up: 'עלייה', down: 'ירידה', stable: 'יציב' },
  },
  en: {
    shortages: {
      sheet: 'Shortages table',
      columns: {
        item: 'Item',
        quantity: 'Quantity',
        unit: 'Apartment',
        reportedBy: 'Reported by',
        status: 'Status',
        reportedAt: 'Report date',
        notes: 'Notes',
      },
    },
    measurements: {
      sheet: 'Measurements table',
      columns: {
        item: 'Item',
        height: 'Height (mm)',
        width: 'Width (mm)',
        thickness: 'Thickness (mm)',
        quantity: 'Quantity',
        unit: 'Apartment',
        reportedBy: 'Reported by',
        status: 'Status',
        reportedAt: 'Report date',
        notes: 'Notes',
      },
    },
    scheduledTasks: {
      sheet: 'Work tracking',
      columns: {
        unit: 'Apartment',
        unitName: 'Apartment name',
        floor: 'Floor',
        task: 'Task',
        status: 'Status',
        review: 'Review',
        worker: 'Worker',
        completedAt: 'Completed at',
        notes: 'Notes',
      },
    },
    employeePerformance: {
      sheet: 'Employee performance',
      columns: {
        rank: 'Rank',
        name: 'Name',
        tasks: 'Stages completed',
        units: 'Apartments',
        rating: 'Rating',
        efficiency: 'Efficiency (%)',
        trend: 'Trend',
      },
    },
    reportStatus: { pending: 'Pending', in_progress: 'In progress', completed: 'Completed' },
    taskStatus: { pending: 'Pending', in_progress: 'In progress', completed: 'Completed' },
    reviewState: { awaiting: 'Awaiting review', accepted: 'Accepted', sent_back: 'Sent back' },
    trend: { up: 'Up', down: 'Down', stable: 'Stable' },
  },
  ru: {
    shortages: {
      sheet: 'Таблица нехваток',
      columns: {
        item: 'Позиция',
        quantity: 'Количество',
        unit: 'Квартира',
        reportedBy: 'Сообщил',
        status: 'Статус',
        reportedAt: 'Дата сообщения',
        notes: 'Примечания',
      },
    },
    measurements: {
      sheet: 'Таблица замеров',
      columns: {
        item: 'Позиция',
        height: 'Высота (мм)',
        width: 'Ширина (мм)',
        thickness: 'Толщина (мм)',
        quantity: 'Количество',
        unit: 'Квартира',
        reportedBy: 'Сообщил',
        status: 'Статус',
        reportedAt: 'Дата сообщения',
        notes: 'Примечания',
      },
    },
    scheduledTasks: {
      sheet: 'Отслеживание работ',
      columns: {
        unit: 'Квартира',
        unitName: 'Название квартиры',
        floor: 'Этаж',
        task: 'Задача',
        status: 'Статус',
        review: 'Проверка',
        worker: 'Работник',
        completedAt: 'Выполнено',
        notes: 'Примечания',
      },
    },
    employeePerformance: {
      sheet: 'Показатели сотрудников',
      columns: {
        rank: 'Место',
        name: 'Имя',
        tasks: 'Выполнено этапов',
        units: 'Квартиры',
        rating: 'Рейтинг',
        efficiency: 'Эффективность (%)',
        trend: 'Динамика',
      },
    },
    reportStatus: { pending: 'Ожидает', in_progress: 'В работе', completed: 'Выполнено' },
    taskStatus: { pending: 'Ожидает', in_progress: 'В работе', completed: 'Выполнено' },
    reviewState: { awaiting: 'Ожидает проверки', accepted: 'Принято', sent_back: 'Возвращено на доработку' },
    trend: { up: 'Рост', down: 'Спад', stable: 'Стабильно' },
  },
  ar: {
    shortages: {
      sheet: 'جدول النواقص',
      columns: {
        item: 'الصنف',
        quantity: 'الكمية',
        unit: 'الشقة',
        reportedBy: 'المُبلِّغ',
        status: 'الحالة',
        reportedAt: 'تاريخ البلاغ',
        notes: 'ملاحظات',
      },
    },
    measurements: {
      sheet: 'جدول القياسات',
      columns: {
        item: 'الصنف',
        height: 'الارتفاع (مم)',
        width: 'العرض (مم)',
        thickness: 'السماكة (مم)',
        quantity: 'الكمية',
        unit: 'الشقة',
        reportedBy: 'المُبلِّغ',
        status: 'الحالة',
        reportedAt: 'تاريخ البلاغ',
        notes: 'ملاحظات',
      },
    },
    scheduledTasks: {
      sheet: 'متابعة العمل',
      columns: {
        unit: 'الشقة',
        unitName: 'اسم الشقة',
        floor: 'الطابق',
        task: 'المهمة',
        status: 'الحالة',
        review: 'المراجعة',
        worker: 'العامل',
        completedAt: 'وقت الإنجاز',
        notes: 'ملاحظات',
      },
    },
    employeePerformance: {
      sheet: 'أداء الموظفين',
      columns: {
        rank: 'الترتيب',
        name: 'الاسم',
        tasks: 'المراحل المنجزة',
        units: 'الشقق',
        rating: 'التقييم',
        efficiency: 'الكفاءة (%)',
        trend: 'الاتجاه',
      },
    },
    reportStatus: { pending: 'قيد الانتظار', in_progress: 'قيد التنفيذ', completed: 'مكتمل' },
    taskStatus: { pending: 'قيد الانتظار', in_progress: 'قيد التنفيذ', completed: 'مكتملة' },
    reviewState: { awaiting: 'بانتظار المراجعة', accepted: 'مقبول', sent_back: 'أُعيد للتصحيح' },
    trend: { up: 'صعود', down: 'هبوط', stable: 'مستقر' },
  },
  uk: {
    shortages: {
      sheet: 'Таблиця нестач',
      columns: {
        item: 'Позиція',
        quantity: 'Кількість',
        unit: 'Квартира',
        reportedBy: 'Повідомив',
        status: 'Статус',
        reportedAt: 'Дата повідомлення',
        notes: 'Примітки',
      },
    },
    measurements: {
      sheet: 'Таблиця замірів',
      columns: {
        item: 'Позиція',
        height: 'Висота (мм)',
        width: 'Ширина (мм)',
        thickness: 'Товщина (мм)',
        quantity: 'Кількість',
        unit: 'Квартира',
        reportedBy: 'Повідомив',
        status: 'Статус',
        reportedAt: 'Дата повідомлення',
        notes: 'Примітки',
      },
    },
    scheduledTasks: {
      sheet: 'Відстеження робіт',
      columns: {
        unit: 'Квартира',
        unitName: 'Назва квартири',
        floor: 'Поверх',
        task: 'Завдання',
        status: 'Статус',
        review: 'Перевірка',
        worker: 'Працівник',
        completedAt: 'Виконано о',
        notes: 'Примітки',
      },
    },
    employeePerformance: {
      sheet: 'Показники працівників',
      columns: {
        rank: 'Місце',
        name: 'Ім’я',
        tasks: 'Виконано етапів',
        units: 'Квартири',
        rating: 'Рейтинг',
        efficiency: 'Ефективність (%)',
        trend: 'Динаміка',
      },
    },
    reportStatus: { pending: 'Очікує', in_progress: 'У роботі', completed: 'Виконано' },
    taskStatus: { pending: 'Очікує', in_progress: 'У роботі', completed: 'Виконано' },
    reviewState: { awaiting: 'Очікує перевірки', accepted: 'Прийнято', sent_back: 'Повернуто на доопрацювання' },
    trend: { up: 'Зростання', down: 'Спад', stable: 'Стабільно' },
  },
  hi: {
    shortages: {
      sheet: 'कमियों की तालिका',
      columns: {
        item: 'वस्तु',
        quantity: 'मात्रा',
        unit: 'अपार्टमेंट',
        reportedBy: 'रिपोर्ट करने वाला',
        status: 'स्थिति',
        reportedAt: 'रिपोर्ट की तारीख',
        notes: 'टिप्पणियाँ',
      },
    },
    measurements: {
      sheet: 'माप तालिका',
      columns: {
        item: 'वस्तु',
        height: 'ऊँचाई (मिमी)',
        width: 'चौड़ाई (मिमी)',
        thickness: 'मोटाई (मिमी)',
        quantity: 'मात्रा',
        unit: 'अपार्टमेंट',
        reportedBy: 'रिपोर्ट करने वाला',
        status: 'स्थिति',
        reportedAt: 'रिपोर्ट की तारीख',
        notes: 'टिप्पणियाँ',
      },
    },
    scheduledTasks: {
      sheet: 'कार्य ट्रैकिंग',
      columns: {
        unit: 'अपार्टमेंट',
        unitName: 'अपार्टमेंट का नाम',
        floor: 'मंज़िल',
        task: 'कार्य',
        status: 'स्थिति',
        review: 'समीक्षा',
        worker: 'कर्मचारी',
        completedAt: 'पूरा होने का समय',
        notes: 'टिप्पणियाँ',
      },
    },
    employeePerformance: {
      sheet: 'कर्मचारियों का प्रदर्शन',
      columns: {
        rank: 'स्थान',
        name: 'नाम',
        tasks: 'पूरे हुए चरण',
        units: 'अपार्टमेंट',
        rating: 'रेटिंग',
        efficiency: 'दक्षता (%)',
        trend: 'रुझान',
      },
    },
    reportStatus: { pending: 'लंबित', in_progress: 'प्रगति में', completed: 'पूर्ण' },
    taskStatus: { pending: 'लंबित', in_progress: 'प्रगति पर', completed: 'पूरा' },
    reviewState: { awaiting: 'समीक्षा बाकी', accepted: 'स्वीकृत', sent_back: 'वापस भेजा गया' },
    trend: { up: 'बढ़त', down: 'गिरावट', stable: 'स्थिर' },
  },
  am: {
    shortages: {
      sheet: 'የጎደሉ ዕቃዎች ሰንጠረዥ',
      columns: {
        item: 'ዕቃ',
        quantity: 'ብዛት',
        unit: 'አፓርትመንት',
        reportedBy: 'ሪፖርት ያደረገው',
        status: 'ሁኔታ',
        reportedAt: 'የሪፖርት ቀን',
        notes: 'ማስታወሻዎች',
      },
    },
    measurements: {
      sheet: 'የልኬቶች ሰንጠረዥ',
      columns: {
        item: 'ዕቃ',
        height: 'ቁመት (ሚሜ)',
        width: 'ስፋት (ሚሜ)',
        thickness: 'ውፍረት (ሚሜ)',
        quantity: 'ብዛት',
        unit: 'አፓርትመንት',
        reportedBy: 'ሪፖርት ያደረገው',
        status: 'ሁኔታ',
        reportedAt: 'የሪፖርት ቀን',
        notes: 'ማስታወሻዎች',
      },
    },
    scheduledTasks: {
      sheet: 'የሥራ ክትትል',
      columns: {
        unit: 'አፓርትመንት',
        unitName: 'የአፓርትመንት ስም',
        floor: 'ፎቅ',
        task: 'ተግባር',
        status: 'ሁኔታ',
        review: 'ግምገማ',
        worker: 'ሠራተኛ',
        completedAt: 'የተጠናቀቀበት ጊዜ',
        notes: 'ማስታወሻዎች',
      },
    },
    employeePerformance: {
      sheet: 'የሠራተኞች አፈጻጸም',
      columns: {
        rank: 'ተራ ቁጥር',
        name: 'ስም',
        tasks: 'የተጠናቀቁ ደረጃዎች',
        units: 'አፓርትመንቶች',
        rating: 'ግምገማ',
        efficiency: 'ብቃት (%)',
        trend: 'አዝማሚያ',
      },
    },
    reportStatus: { pending: 'በመጠባበቅ ላይ', in_progress: 'በሂደት ላይ', completed: 'ተጠናቋል' },
    taskStatus: { pending: 'በመጠባበቅ ላይ', in_progress: 'በሂደት ላይ', completed: 'ተጠናቋል' },
    reviewState: { awaiting: 'ግምገማ በመጠባበቅ ላይ', accepted: 'ተቀባይነት አግኝቷል', sent_back: 'እንዲታረም ተመልሷል' },
    trend: { up: 'ጨምሯል', down: 'ቀንሷል', stable: 'የተረጋጋ' },
  },
};

/** `GET /api/shortages/export` and `GET /api/measurements/export`: the tables' filters. */
export const reportExportQuery = reportListQuery.extend(exportParams);
/** `GET /api/scheduled-tasks/export`: work tracking's filters, every page. */
export const scheduledTasksExportQuery = scheduledTasksQuery.pick({ search: true, status: true, projectType: true }).extend(exportParams);
export type ScheduledTasksExportQuery = z.output<typeof scheduledTasksExportQuery>;
/** A stage's review state in a file: the state's word, and the reason after a sending back. */
export function reviewWords(words: ExportWords, review: StageReview | null): string | null {
  if (!review) return null;
  const word = words.reviewState[review.state];
  return review.reason ? `${word}: ${review.reason}` : word;
}

/** `GET /api/employee-performance/export`: the period of the ranking. */
export const performanceExportQuery = performanceQuery.extend(exportParams);

/** The words that change on a cleaning project (hotel, school, office): rooms and tasks instead of apartments and stages. */
const CLEANING_WORDS: Record<Locale, { unit: string; unitName: string; units: string; tasks: string }> = {
  he: { unit: 'חדר', unitName: 'שם החדר', units: 'חדרים', tasks: 'משימות שהושלמו' },
  en: { unit: 'Room', unitName: 'Room name', units: 'Rooms', tasks: 'Tasks completed' },
  ru: { unit: 'Номер', unitName: 'Название комнаты', units: 'Номера', tasks: 'Выполнено задач' },
  ar: { unit: 'الغرفة', unitName: 'اسم الغرفة', units: 'الغرف', tasks: 'المهام المنجزة' },
  uk: { unit: 'Номер', unitName: 'Назва кімнати', units: 'Номери', tasks: 'Виконано завдань' },
  hi: { unit: 'कमरा', unitName: 'कमरे का नाम', units: 'कमरे', tasks: 'पूरे हुए काम' },
  am: { unit: 'ክፍል', unitName: 'የክፍል ስም', units: 'ክፍሎች', tasks: 'የተጠናቀቁ ተግባራት' },
};

/**
 * The export's words in a language, in the project's wording (docs/product.md "Words follow the
 * facility type"): a cleaning project's files say rooms and tasks, as its screens do.
 */
export function exportWords(lang: Locale, facilityType: string): ExportWords {
  const words = EXPORT_WORDS[lang];
  if (!CLEANING_FACILITY_TYPES.includes(facilityType)) return words;
  const c = CLEANING_WORDS[lang];
  return {
    ...words,
    shortages: { ...words.shortages, columns: { ...words.shortages.columns, unit: c.unit } },
    measurements: { ...words.measurements, columns: { ...words.measurements.columns, unit: c.unit } },
    scheduledTasks: { ...words.scheduledTasks, columns: { ...words.scheduledTasks.columns, unit: c.unit, unitName: c.unitName } },
    employeePerformance: {
      ...words.employeePerformance,
      columns: { ...words.employeePerformance.columns, units: c.units, tasks: c.tasks },
    },
  };
}

/** The statistics summary's words (docs/product.md "Exports"): the screen's own, per wording. */
export interface StatisticsExportWords {
  sheet: string;
  figure: string;
  value: string;
  labels: Record<StatisticsFigure, string>;
}
export const STATISTICS_FIGURES = [
  'clean',
  'inProgress',
  'needsWork',
  'total',
  'activeUnits',
  'totalTasks',
  'completedTasks',
  'completionRate',
  'doneUnits',
  'averagePerUnit',
  'efficiency',
  'sessionTime',
  'perDay',
] as const;
export type StatisticsFigure = (typeof STATISTICS_FIGURES)[number];

const STATISTICS_WORDS: Record<Locale, Record<'construction' | 'cleaning', StatisticsExportWords>> = {
  he: {
    construction: {
      sheet: 'סטטיסטיקה',
      figure: 'נתון',
      value: 'ערך',
      labels: {
        clean: 'הושלמו',
        inProgress: 'בביצוע',
        needsWork: 'טרם התחילו',
        total: 'סה״כ דירות',
        activeUnits: 'דירות פעילות',
        totalTasks: 'שלבים פתוחים',
        completedTasks: 'שלבים שהושלמו',
        completionRate: 'שלבים שהושלמו בתקופה (%)',
        doneUnits: 'דירות שהושלמו (%)',
        averagePerUnit: 'ממוצע שלבים לדירה',
        efficiency: 'ציון יעילות (%)',
        sessionTime: 'משך עבודה משוער (דק׳)',
        perDay: 'שלבים שהושלמו ביום',
      },
    },
    cleaning: {
      sheet: 'סטטיסטיקה',
      figure: 'נתון',
      value: 'ערך',
      labels: {
        clean: 'נקיים',
        inProgress: 'בביצוע',
        needsWork: 'דורשים ניקוי',
        total: 'סה״כ חדרים',
        activeUnits: 'חדרים פעילים',
        totalTasks: 'משימות פתוחות',
        completedTasks: 'משימות שהושלמו',
        completionRate: 'משימות שהושלמו בתקופה (%)',
        doneUnits: 'חדרים נקיים (%)',
        averagePerUnit: 'ממוצע משימות לחדר',
        efficiency: 'ציון יעילות (%)',
        sessionTime: 'משך עבודה משוער (דק׳)',
        perDay: 'משימות שהושלמו ביום',
      },
    },
  },
  en: {
    construction: {
      sheet: 'Statistics',
      figure: 'Figure',
      value: 'Value',
      labels: {
        clean: 'Done',
        inProgress: 'In progress',
        needsWork: 'Not started',
        total: 'Total apartments',
        activeUnits: 'Active apartments',
        totalTasks: 'Stages open',
        completedTasks: 'Stages done',
        completionRate: 'Stages done in the period (%)',
        doneUnits: 'Apartments done (%)',
        averagePerUnit: 'Average stages per apartment',
        efficiency: 'Efficiency score (%)',
        sessionTime: 'Estimated session time (min)',
        perDay: 'Stages done per day',
      },
    },
    cleaning: {
      sheet: 'Statistics',
      figure: 'Figure',
      value: 'Value',
      labels: {
        clean: 'Clean',
        inProgress: 'In progress',
        needsWork: 'Needs cleaning',
        total: 'Total rooms',
        activeUnits: 'Active rooms',
        totalTasks: 'Tasks open',
        completedTasks: 'Tasks done',
        completionRate: 'Tasks done in the period (%)',
        doneUnits: 'Clean rooms (%)',
        averagePerUnit: 'Average tasks per room',
        efficiency: 'Efficiency score (%)',
        sessionTime: 'Estimated session time (min)',
        perDay: 'Tasks done per day',
      },
    },
  },
  ru: {
    construction: {
      sheet: 'Статистика',
      figure: 'Показатель',
      value: 'Значение',
      labels: {
        clean: 'Готово',
        inProgress: 'В работе',
        needsWork: 'Не начато',
        total: 'Всего квартир',
        activeUnits: 'Активные квартиры',
        totalTasks: 'Открытые этапы',
        completedTasks: 'Выполненные этапы',
        completionRate: 'Выполнено этапов за период (%)',
        doneUnits: 'Готовые квартиры (%)',
        averagePerUnit: 'Среднее число этапов на квартиру',
        efficiency: 'Оценка эффективности (%)',
        sessionTime: 'Расчётное время сессии (мин)',
        perDay: 'Выполнено этапов по дням',
      },
    },
    cleaning: {
      sheet: 'Статистика',
      figure: 'Показатель',
      value: 'Значение',
      labels: {
        clean: 'Чистые',
        inProgress: 'В работе',
        needsWork: 'Требуют уборки',
        total: 'Всего номеров',
        activeUnits: 'Активные номера',
        totalTasks: 'Открытые задачи',
        completedTasks: 'Выполненные задачи',
        completionRate: 'Выполнено задач за период (%)',
        doneUnits: 'Чистые номера (%)',
        averagePerUnit: 'Среднее число задач на номер',
        efficiency: 'Оценка эффективности (%)',
        sessionTime: 'Расчётное время сессии (мин)',
        perDay: 'Выполнено задач по дням',
      },
    },
  },
  ar: {
    construction: {
      sheet: 'الإحصائيات',
      figure: 'المؤشر',
      value: 'القيمة',
      labels: {
        clean: 'منجزة',
        inProgress: 'قيد التنفيذ',
        needsWork: 'لم تبدأ',
        total: 'إجمالي الشقق',
        activeUnits: 'الشقق النشطة',
        totalTasks: 'المراحل المفتوحة',
        completedTasks: 'المراحل المنجزة',
        completionRate: 'المراحل المنجزة في الفترة (%)',
        doneUnits: 'الشقق المنجزة (%)',
        averagePerUnit: 'متوسط المراحل لكل شقة',
        efficiency: 'مؤشر الكفاءة (%)',
        sessionTime: 'مدة الجلسة التقديرية (دقيقة)',
        perDay: 'المراحل المنجزة يوميًا',
      },
    },
    cleaning: {
      sheet: 'الإحصائيات',
      figure: 'المؤشر',
      value: 'القيمة',
      labels: {
        clean: 'نظيفة',
        inProgress: 'قيد التنفيذ',
        needsWork: 'بحاجة إلى تنظيف',
        total: 'إجمالي الغرف',
        activeUnits: 'الغرف النشطة',
        totalTasks: 'المهام المفتوحة',
        completedTasks: 'المهام المنجزة',
        completionRate: 'المهام المنجزة في الفترة (%)',
        doneUnits: 'الغرف النظيفة (%)',
        averagePerUnit: 'متوسط المهام لكل غرفة',
        efficiency: 'مؤشر الكفاءة (%)',
        sessionTime: 'مدة الجلسة التقديرية (دقيقة)',
        perDay: 'المهام المنجزة يوميًا',
      },
    },
  },
  uk: {
    construction: {
      sheet: 'Статистика',
      figure: 'Показник',
      value: 'Значення',
      labels: {
        clean: 'Готово',
        inProgress: 'У роботі',
        needsWork: 'Не розпочато',
        total: 'Усього квартир',
        activeUnits: 'Активні квартири',
        totalTasks: 'Відкриті етапи',
        completedTasks: 'Виконані етапи',
        completionRate: 'Виконано етапів за період (%)',
        doneUnits: 'Готові квартири (%)',
        averagePerUnit: 'Середня кількість етапів на квартиру',
        efficiency: 'Оцінка ефективності (%)',
        sessionTime: 'Орієнтовний час сесії (хв)',
        perDay: 'Виконано етапів за днями',
      },
    },
    cleaning: {
      sheet: 'Статистика',
      figure: 'Показник',
      value: 'Значення',
      labels: {
        clean: 'Чисті',
        inProgress: 'У роботі',
        needsWork: 'Потребують прибирання',
        total: 'Усього номерів',
        activeUnits: 'Активні номери',
        totalTasks: 'Відкриті завдання',
        completedTasks: 'Виконані завдання',
        completionRate: 'Виконано завдань за період (%)',
        doneUnits: 'Чисті номери (%)',
        averagePerUnit: 'Середня кількість завдань на номер',
        efficiency: 'Оцінка ефективності (%)',
        sessionTime: 'Орієнтовний час сесії (хв)',
        perDay: 'Виконано завдань за днями',
      },
    },
  },
  hi: {
    construction: {
      sheet: 'आँकड़े',
      figure: 'आँकड़ा',
      value: 'मान',
      labels: {
        clean: 'पूरे',
        inProgress: 'प्रगति पर',
        needsWork: 'शुरू नहीं हुए',
        total: 'कुल अपार्टमेंट',
        activeUnits: 'सक्रिय अपार्टमेंट',
        totalTasks: 'खुले चरण',
        completedTasks: 'पूरे हुए चरण',
        completionRate: 'अवधि में पूरे हुए चरण (%)',
        doneUnits: 'पूरे अपार्टमेंट (%)',
        averagePerUnit: 'प्रति अपार्टमेंट औसत चरण',
        efficiency: 'दक्षता स्कोर (%)',
        sessionTime: 'अनुमानित सत्र समय (मिनट)',
        perDay: 'प्रति दिन पूरे हुए चरण',
      },
    },
    cleaning: {
      sheet: 'आँकड़े',
      figure: 'आँकड़ा',
      value: 'मान',
      labels: {
        clean: 'साफ़',
        inProgress: 'प्रगति पर',
        needsWork: 'सफ़ाई बाकी',
        total: 'कुल कमरे',
        activeUnits: 'सक्रिय कमरे',
        totalTasks: 'खुले काम',
        completedTasks: 'पूरे हुए काम',
        completionRate: 'अवधि में पूरे हुए काम (%)',
        doneUnits: 'साफ़ कमरे (%)',
        averagePerUnit: 'प्रति कमरा औसत काम',
        efficiency: 'दक्षता स्कोर (%)',
        sessionTime: 'अनुमानित सत्र समय (मिनट)',
        perDay: 'प्रति दिन पूरे हुए काम',
      },
    },
  },
  am: {
    construction: {
      sheet: 'ስታቲስቲክስ',
      figure: 'መለኪያ',
      value: 'ዋጋ',
      labels: {
        clean: 'የተጠናቀቁ',
        inProgress: 'በሂደት ላይ',
        needsWork: 'ያልተጀመሩ',
        total: 'ጠቅላላ አፓርትመንቶች',
        activeUnits: 'ንቁ አፓርትመንቶች',
        totalTasks: 'ክፍት ደረጃዎች',
        completedTasks: 'የተጠናቀቁ ደረጃዎች',
        completionRate: 'በጊዜው የተጠናቀቁ ደረጃዎች (%)',
        doneUnits: 'የተጠናቀቁ አፓርትመንቶች (%)',
        averagePerUnit: 'በአንድ አፓርትመንት አማካይ ደረጃዎች',
        efficiency: 'የብቃት ውጤት (%)',
        sessionTime: 'የሚገመት የሥራ ቆይታ (ደቂቃ)',
        perDay: 'በቀን የተጠናቀቁ ደረጃዎች',
      },
    },
    cleaning: {
      sheet: 'ስታቲስቲክስ',
      figure: 'መለኪያ',
      value: 'ዋጋ',
      labels: {
        clean: 'ንጹህ',
        inProgress: 'በሂደት ላይ',
        needsWork: 'ጽዳት የሚያስፈልጋቸው',
        total: 'ጠቅላላ ክፍሎች',
        activeUnits: 'ንቁ ክፍሎች',
        totalTasks: 'ክፍት ተግባራት',
        completedTasks: 'የተጠናቀቁ ተግባራት',
        completionRate: 'በጊዜው የተጠናቀቁ ተግባራት (%)',
        doneUnits: 'ንጹህ ክፍሎች (%)',
        averagePerUnit: 'በአንድ ክፍል አማካይ ተግባራት',
        efficiency: 'የብቃት ውጤት (%)',
        sessionTime: 'የሚገመት የሥራ ቆይታ (ደቂቃ)',
        perDay: 'በቀን የተጠናቀቁ ተግባራት',
      },
    },
  },
};

export function statisticsExportWords(lang: Locale, facilityType: string): StatisticsExportWords {
  return STATISTICS_WORDS[lang][CLEANING_FACILITY_TYPES.includes(facilityType) ? 'cleaning' : 'construction'];
}

export const statisticsExportQuery = cleaningStatsQuery.extend(exportParams);
