import type { Locale } from './constants.ts';

export interface DefaultTask {
  estimatedMinutes: number;
  requiresPhoto: boolean;
  /** name and description in every locale; `he` is the stored name. */
  text: Record<Locale, { name: string; description: string }>;
}

/**
 * The seven default inspection stages of an Israeli residential apartment (docs/product.md "Defaults and other constants": minutes
 * 30, 20, 25, 15, 10, 20, 15; photo on the 1st, 2nd, 4th and 6th).
 */
export const DEFAULT_INSPECTION_TASKS: DefaultTask[] = [
  {
    estimatedMinutes: 30,
    requiresPhoto: true,
    text: {
      he: { name: 'בדיקת איטום ברטובים ומרפסות', description: 'בדיקת הצפה במקלחות ובמרפסות, רולקות ואיטום סביב ניקוזים' },
      en: {
        name: 'Waterproofing check: wet rooms and balconies',
        description: 'Flood test in showers and balconies; check fillets and sealing around drains',
      },
      ru: {
        name: 'Проверка гидроизоляции: санузлы и балконы',
        description: 'Проверка заливом в душевых и на балконах, галтели и герметизация у стоков',
      },
      ar: {
        name: 'فحص العزل المائي: الحمامات والشرفات',
        description: 'اختبار الغمر في الحمامات والشرفات، وفحص الزوايا والعزل حول المصارف',
      },
      uk: {
        name: 'Перевірка гідроізоляції: санвузли та балкони',
        description: 'Перевірка заливанням у душових і на балконах, галтелі та герметизація біля стоків',
      },
      hi: { name: 'वॉटरप्रूफिंग जाँच: बाथरूम और बालकनी', description: 'शावर और बालकनी में पानी भरकर जाँच; नालियों के आसपास सीलिंग देखें' },
      am: { name: 'የውሃ መከላከያ ፍተሻ፦ መታጠቢያ ቤቶች እና በረንዳዎች', description: 'በሻወር እና በረንዳ ውሃ ሞልቶ መፈተሽ፤ በፍሳሽ ዙሪያ ያለውን ማሸጊያ ማረጋገጥ' },
    },
  },
  {
    estimatedMinutes: 20,
    requiresPhoto: true,
    text: {
      he: { name: 'בדיקת אינסטלציה ולחץ מים', description: 'בדיקת לחץ בקווי מים, דליפות בחיבורים ושיפועי ניקוז' },
      en: {
        name: 'Plumbing and water pressure test',
        description: 'Pressure-test the water lines; check joints for leaks and drain slopes',
      },
      ru: {
        name: 'Сантехника и проверка давления воды',
        description: 'Опрессовка водопровода, проверка соединений на протечки и уклонов канализации',
      },
      ar: { name: 'فحص السباكة وضغط المياه', description: 'اختبار ضغط خطوط المياه وفحص الوصلات من التسرب وميول الصرف' },
      uk: {
        name: 'Сантехніка та перевірка тиску води',
        description: 'Опресування водопроводу, перевірка з’єднань на протікання та ухилів каналізації',
      },
      hi: { name: 'प्लंबिंग और पानी के दबाव की जाँच', description: 'पानी की लाइनों का प्रेशर टेस्ट; जोड़ों में रिसाव और ड्रेन की ढलान देखें' },
      am: { name: 'የቧንቧ ስራ እና የውሃ ግፊት ፍተሻ', description: 'የውሃ መስመሮችን ግፊት መፈተሽ፤ መገጣጠሚያዎች እንዳያፈሱ እና የፍሳሽ ዝንባሌ ማረጋገጥ' },
    },
  },
  {
    estimatedMinutes: 25,
    requiresPhoto: false,
    text: {
      he: { name: 'בדיקת חשמל ולוח דירתי', description: 'בדיקת שקעים, מפסקים, הארקה ומפסק פחת בלוח החשמל' },
      en: {
        name: 'Electrical and distribution board check',
        description: 'Check sockets, switches, earthing and the residual-current breaker in the board',
      },
      ru: { name: 'Электрика и квартирный щиток', description: 'Проверка розеток, выключателей, заземления и УЗО в щитке' },
      ar: { name: 'فحص الكهرباء ولوحة التوزيع', description: 'فحص المقابس والمفاتيح والتأريض وقاطع التسرب في اللوحة' },
      uk: { name: 'Електрика та квартирний щиток', description: 'Перевірка розеток, вимикачів, заземлення та ПЗВ у щитку' },
      hi: { name: 'बिजली और वितरण बोर्ड की जाँच', description: 'सॉकेट, स्विच, अर्थिंग और बोर्ड में RCD ब्रेकर की जाँच करें' },
      am: { name: 'የኤሌክትሪክ እና የማከፋፈያ ሰሌዳ ፍተሻ', description: 'ሶኬቶችን፣ ማብሪያዎችን፣ መሬት ማያያዣን እና በሰሌዳው ያለውን የፍሳሽ መቆጣጠሪያ መፈተሽ' },
    },
  },
  {
    estimatedMinutes: 15,
    requiresPhoto: true,
    text: {
      he: { name: 'בדיקת טיח, גבס וצבע', description: 'בדיקת מישוריות קירות, סדקים, פינות וגימור צבע' },
      en: {
        name: 'Plaster, drywall and paint check',
        description: 'Check walls are flat, free of cracks, with clean corners and paint finish',
      },
      ru: { name: 'Штукатурка, гипсокартон и покраска', description: 'Проверка ровности стен, трещин, углов и качества покраски' },
      ar: { name: 'فحص اللياسة والجبس والدهان', description: 'فحص استواء الجدران والتشققات والزوايا وجودة الدهان' },
      uk: { name: 'Штукатурка, гіпсокартон і фарбування', description: 'Перевірка рівності стін, тріщин, кутів і якості фарбування' },
      hi: { name: 'प्लास्टर, ड्राईवॉल और पेंट की जाँच', description: 'दीवारें समतल हों, दरारें न हों, कोने और पेंट साफ़ हों' },
      am: { name: 'የልስን፣ የጂፕሰም እና የቀለም ፍተሻ', description: 'ግድግዳዎች ቀጥ ያሉ፣ ስንጥቅ የሌላቸው፣ ማዕዘኖች እና ቀለም ንጹህ መሆናቸውን ማረጋገጥ' },
    },
  },
  {
    estimatedMinutes: 10,
    requiresPhoto: false,
    text: {
      he: { name: 'בדיקת ריצוף וחיפוי', description: 'בדיקת אריחים חלולים, מישוריות, רובה ופנלים' },
      en: { name: 'Flooring and tiling check', description: 'Check for hollow tiles, level, grout and skirting' },
      ru: { name: 'Проверка плитки и облицовки', description: 'Проверка пустот под плиткой, ровности, затирки и плинтусов' },
      ar: { name: 'فحص البلاط والتكسية', description: 'فحص البلاط المجوف والاستواء والترويب والنعلات' },
      uk: { name: 'Перевірка плитки та облицювання', description: 'Перевірка порожнин під плиткою, рівності, затирки та плінтусів' },
      hi: { name: 'फ़्लोरिंग और टाइलिंग की जाँच', description: 'खोखली टाइलें, समतलता, ग्राउट और स्कर्टिंग देखें' },
      am: { name: 'የወለል ንጣፍ እና የግድግዳ ሸክላ ፍተሻ', description: 'ባዶ ድምፅ ያላቸውን ሸክላዎች፣ ደረጃን፣ መሙያን እና የግርጌ ጠርዞችን መፈተሽ' },
    },
  },
  {
    estimatedMinutes: 20,
    requiresPhoto: true,
    text: {
      he: { name: 'בדיקת חלונות, אלומיניום ודלתות', description: 'בדיקת פתיחה וסגירה, אטימות, תריסים ודלת כניסה' },
      en: { name: 'Windows, aluminium and doors check', description: 'Check opening and closing, seals, shutters and the entrance door' },
      ru: { name: 'Окна, алюминий и двери', description: 'Проверка открывания и закрывания, уплотнителей, жалюзи и входной двери' },
      ar: { name: 'فحص النوافذ والألمنيوم والأبواب', description: 'فحص الفتح والإغلاق والإحكام والشتر وباب المدخل' },
      uk: { name: 'Вікна, алюміній і двері', description: 'Перевірка відкривання й закривання, ущільнювачів, жалюзі та вхідних дверей' },
      hi: { name: 'खिड़कियाँ, एल्यूमिनियम और दरवाज़ों की जाँच', description: 'खुलना-बंद होना, सील, शटर और मुख्य दरवाज़ा जाँचें' },
      am: { name: 'የመስኮቶች፣ የአሉሚኒየም እና የበሮች ፍተሻ', description: 'መከፈትና መዘጋትን፣ ማሸጊያዎችን፣ መዝጊያዎችን እና የመግቢያ በሩን መፈተሽ' },
    },
  },
  {
    estimatedMinutes: 15,
    requiresPhoto: false,
    text: {
      he: { name: 'ניקיון סופי ומוכנות למסירה', description: 'פינוי פסולת, ניקיון כללי ורישום ליקויים אחרונים' },
      en: { name: 'Final cleaning and handover readiness', description: 'Remove debris, general cleaning and record any last defects' },
      ru: { name: 'Финальная уборка и готовность к сдаче', description: 'Вывоз мусора, общая уборка и запись последних недочётов' },
      ar: { name: 'التنظيف النهائي والجاهزية للتسليم', description: 'إزالة المخلفات والتنظيف العام وتسجيل آخر العيوب' },
      uk: {
        name: 'Фінальне прибирання та готовність до здачі',
        description: 'Вивезення сміття, загальне прибирання та запис останніх недоліків',
      },
      hi: { name: 'अंतिम सफ़ाई और हैंडओवर की तैयारी', description: 'मलबा हटाएँ, सामान्य सफ़ाई करें और अंतिम कमियाँ दर्ज करें' },
      am: { name: 'የመጨረሻ ጽዳት እና ለማስረከብ ዝግጁነት', description: 'ፍርስራሽ ማስወገድ፣ አጠቃላይ ጽዳት እና የመጨረሻ ጉድለቶችን መመዝገብ' },
    },
  },
];

/** The seven inspection stages in stored form. */
export const defaultTaskRows = () => toTaskRows(DEFAULT_INSPECTION_TASKS);

/** A daily cleaning routine for hotel, school and office projects (recurrence: daily). */
export const DEFAULT_CLEANING_TASKS: DefaultTask[] = [
  {
    estimatedMinutes: 5,
    requiresPhoto: false,
    text: {
      he: { name: 'אוורור ופינוי אשפה', description: 'פתיחת חלונות, ריקון פחים והחלפת שקיות' },
      en: { name: 'Air the room and empty the bins', description: 'Open the windows, empty the bins and replace the bags' },
      ru: { name: 'Проветривание и вынос мусора', description: 'Открыть окна, опустошить корзины и заменить пакеты' },
      ar: { name: 'تهوية الغرفة وتفريغ السلال', description: 'فتح النوافذ وتفريغ السلال واستبدال الأكياس' },
      uk: { name: 'Провітрювання та винесення сміття', description: 'Відчинити вікна, спорожнити кошики й замінити пакети' },
      hi: { name: 'कमरे में हवा आने दें और कूड़ेदान खाली करें', description: 'खिड़कियाँ खोलें, कूड़ेदान खाली करें और थैलियाँ बदलें' },
      am: { name: 'ክፍሉን ማናፈስ እና ቆሻሻ ማስወገድ', description: 'መስኮቶችን መክፈት፣ የቆሻሻ ማጠራቀሚያዎችን ባዶ ማድረግ እና ከረጢቶችን መቀየር' },
    },
  },
  {
    estimatedMinutes: 10,
    requiresPhoto: false,
    text: {
      he: { name: 'ניקוי אבק ומשטחים', description: 'ניגוב שולחנות, מדפים, ידיות ומתגים' },
      en: { name: 'Dust and wipe surfaces', description: 'Wipe desks, shelves, handles and switches' },
      ru: { name: 'Удаление пыли и протирка поверхностей', description: 'Протереть столы, полки, ручки и выключатели' },
      ar: { name: 'إزالة الغبار ومسح الأسطح', description: 'مسح الطاولات والرفوف والمقابض والمفاتيح' },
      uk: { name: 'Прибирання пилу та протирання поверхонь', description: 'Протерти столи, полиці, ручки та вимикачі' },
      hi: { name: 'धूल झाड़ें और सतहें पोंछें', description: 'मेज़, अलमारियाँ, हैंडल और स्विच पोंछें' },
      am: { name: 'አቧራ ማንሳት እና ወለሎችን መጥረግ', description: 'ጠረጴዛዎችን፣ መደርደሪያዎችን፣ እጀታዎችን እና ማብሪያዎችን መጥረግ' },
    },
  },
  {
    estimatedMinutes: 15,
    requiresPhoto: true,
    text: {
      he: { name: 'ניקוי וחיטוי חדר רחצה', description: 'אסלה, כיור, מקלחת ומראות; חידוש נייר וסבון' },
      en: { name: 'Clean and disinfect the bathroom', description: 'Toilet, sink, shower and mirrors; restock paper and soap' },
      ru: { name: 'Уборка и дезинфекция санузла', description: 'Унитаз, раковина, душ и зеркала; пополнить бумагу и мыло' },
      ar: { name: 'تنظيف الحمام وتعقيمه', description: 'المرحاض والمغسلة والدش والمرايا؛ تزويد الورق والصابون' },
      uk: { name: 'Прибирання та дезінфекція санвузла', description: 'Унітаз, раковина, душ і дзеркала; поповнити папір і мило' },
      hi: { name: 'बाथरूम साफ़ और कीटाणुरहित करें', description: 'शौचालय, सिंक, शावर और दर्पण; कागज़ और साबुन भरें' },
      am: { name: 'መታጠቢያ ቤቱን ማጽዳት እና መበከል', description: 'መጸዳጃ፣ ማጠቢያ፣ ሻወር እና መስታወቶች፤ ወረቀት እና ሳሙና መሙላት' },
    },
  },
  {
    estimatedMinutes: 10,
    requiresPhoto: false,
    text: {
      he: { name: 'שאיבת אבק ושטיפת רצפה', description: 'שאיבה, שטיפה וייבוש הרצפה כולל פינות' },
      en: { name: 'Vacuum and mop the floor', description: 'Vacuum, mop and dry the floor, corners included' },
      ru: { name: 'Пылесос и мытьё пола', description: 'Пропылесосить, вымыть и вытереть пол, включая углы' },
      ar: { name: 'كنس الأرضية ومسحها', description: 'الكنس بالمكنسة الكهربائية والمسح والتجفيف مع الزوايا' },
      uk: { name: 'Пилосос і миття підлоги', description: 'Пропилососити, вимити й витерти підлогу, разом із кутами' },
      hi: { name: 'वैक्यूम करें और फ़र्श पोंछें', description: 'कोनों सहित फ़र्श को वैक्यूम करें, पोंछें और सुखाएँ' },
      am: { name: 'ወለሉን በቫኩም ማጽዳት እና መወልወል', description: 'ማዕዘኖችን ጨምሮ ወለሉን በቫኩም ማጽዳት፣ መወልወል እና ማድረቅ' },
    },
  },
  {
    estimatedMinutes: 5,
    requiresPhoto: true,
    text: {
      he: { name: 'בדיקה סופית', description: 'סידור החדר, כיבוי אורות ונעילה' },
      en: { name: 'Final check', description: 'Tidy the room, switch off the lights and lock up' },
      ru: { name: 'Финальная проверка', description: 'Навести порядок, выключить свет и запереть' },
      ar: { name: 'الفحص النهائي', description: 'ترتيب الغرفة وإطفاء الأنوار والإغلاق' },
      uk: { name: 'Фінальна перевірка', description: 'Навести лад, вимкнути світло й замкнути' },
      hi: { name: 'अंतिम जाँच', description: 'कमरा व्यवस्थित करें, बत्तियाँ बंद करें और ताला लगाएँ' },
      am: { name: 'የመጨረሻ ፍተሻ', description: 'ክፍሉን ማስተካከል፣ መብራቶችን ማጥፋት እና መቆለፍ' },
    },
  },
];

/** Stored form of a default list: the Hebrew text as name/description, every locale in translations. */
export function toTaskRows(list: DefaultTask[]) {
  return list.map((t, i) => ({
    name: t.text.he.name,
    description: t.text.he.description,
    translations: t.text,
    estimatedMinutes: t.estimatedMinutes,
    requiresPhoto: t.requiresPhoto,
    sortOrder: i + 1,
  }));
}
