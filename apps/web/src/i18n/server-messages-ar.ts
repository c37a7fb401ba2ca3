import { MESSAGES, STAFF_LIMIT } from "@wms/domain";
import ar from "./ar.json";

/*
 * Arabic for the English texts the server and the shared zod schemas produce (MESSAGES, the message
 * builders in packages/domain, and the schemas' field messages). English screens keep showing the
 * server's exact wording; only an Arabic reader sees these. Numbers, codes and names are carried over
 * from the English text, so nothing depends on the details of an error. Loaded with the Arabic strings
 * (i18n/index.ts), so English pages never download it; server-messages.ts is what the screens call.
 */

/** MESSAGES in Arabic. */
export const AR_MESSAGES: Record<keyof typeof MESSAGES, string> = {
  adminInvalidCredentials: "فشل دخول المسؤول: البريد الإلكتروني أو كلمة المرور غير صحيحة",
  staffInvalidCredentials: "فشل دخول الموظف: البريد الإلكتروني أو كلمة المرور غير صحيحة",
  adminWrongPortal: "لم يُعثر على حساب المسؤول أو أن الصلاحيات غير كافية",
  staffWrongPortal: "فشل دخول الموظف: لا يوجد موظف بهذا البريد الإلكتروني",
  staffLimitReached: `لقد بلغت الحد الأقصى لعدد الموظفين وهو ${STAFF_LIMIT} موظف.`,
  tooManyAttempts: "محاولات تسجيل دخول كثيرة جدًا. يُرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
  notSignedIn: "يُرجى تسجيل الدخول للمتابعة.",
  sessionExpired: "انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.",
  forbidden: "ليست لديك صلاحية للقيام بذلك.",
  passwordChangeRequired: "يُرجى اختيار كلمة مرور جديدة قبل المتابعة.",
  wrongCurrentPassword: "كلمة المرور الحالية غير صحيحة.",
  passwordReused: "يجب أن تختلف كلمة المرور الجديدة عن الحالية.",
  emailTaken: "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  notFound: "غير موجود.",
  csrfRejected: "رُفض هذا الطلب لأنه لم يصدر من هذا التطبيق.",
  unsupportedMediaType: "يجب إرسال الطلبات بصيغة JSON.",
  payloadTooLarge: "الطلب كبير جدًا.",
  setupNotAvailable: "تم إنشاء المسؤول الأول بالفعل. يُرجى تسجيل الدخول.",
  setupLinkInvalid: "رابط الإعداد هذا غير صالح. استخدم الرابط الذي طُبع عند تشغيل الخادم.",
  databaseUnavailable: "قاعدة البيانات غير متاحة حاليًا. يُرجى المحاولة مرة أخرى بعد قليل.",
  internal: "حدث خطأ في الخادم. يُرجى المحاولة مرة أخرى.",
  invalidAdminCredentials: "بيانات دخول المسؤول غير صحيحة. يُرجى المحاولة مرة أخرى.",
  warehouseNameTaken: "يوجد مستودع بهذا الاسم بالفعل.",
  warehouseNotFound: "لم يُعثر على المستودع.",
  locationNotFound: "لم يُعثر على الموقع.",
  containerShelfEmpty: "رف الحاويات هذا فارغ ويمكن حذفه بأمان.",
  containerShelfMoveItems: "يُرجى نقل جميع الأصناف إلى موقع آخر قبل حذف رف الحاويات هذا.",
  containerShelfTaken: "يحتوي هذا المستودع بالفعل على رف حاويات بهذا الاسم.",
  containerShelfIsGridShelf: "لا يمكن أن يحمل رف الحاويات اسم أحد رفوف المستودع.",
  containerShelfLooksLikePosition:
    "لا يمكن تسمية رف الحاويات باسم رف يليه رقم (مثل A01): إذ سيُقرأ رمز موقعه كموقع على ذلك الرف.",
  containerShelfNotFound: "لم يُعثر على رف الحاويات.",
  itemNoTaken: "يوجد صنف بهذا الرقم بالفعل",
  itemNotFound: "لم يُعثر على الصنف",
  itemDeleteFailed: "خطأ في حذف الصنف. يُرجى المحاولة مرة أخرى.",
  selectValidItem: "يُرجى اختيار صنف صالح",
  quantityAboveZero: "يجب أن تكون الكمية أكبر من 0",
  selectSource: "يُرجى اختيار موقع المصدر",
  selectDestination: "يُرجى اختيار موقع الوجهة",
  invalidItemOrStaff: "اختيار الصنف أو الموظف غير صالح",
  movementNotReversible:
    "لا يحتوي سجل هذه الحركة على بيانات الموقع اللازمة لعكسها بشكل صحيح. يُرجى التواصل مع الدعم.",
  movementNotFound: "لم يُعثر على الحركة.",
  purchaseFailed: "خطأ في إتمام الشراء. يُرجى المحاولة مرة أخرى.",
  purchaseLineIncomplete: "يُرجى اختيار صنف وإدخال الكمية وإضافة موقع واحد على الأقل",
  purchaseDuplicate: "سبق تسجيل فاتورة هذا المورّد كمشتريات.",
  purchaseDateInFuture: "لا يمكن أن يكون تاريخ الشراء في المستقبل.",
  idempotencyMismatch: "يكرر هذا الطلب طلبًا سابقًا بمحتوى مختلف. أعد تحميل الصفحة وحاول مرة أخرى.",
  csvFileRequired: "يُرجى رفع ملف CSV",
  csvEmpty: "ملف CSV فارغ",
  csvParseError: "خطأ في تحليل ملف CSV",
  csvNotText: "هذا الملف ليس ملف CSV. احفظه من برنامج الجداول بصيغة CSV ثم ارفعه مرة أخرى.",
  csvNotUtf8: "هذا الملف ليس نصًا بترميز UTF-8. احفظه من برنامج الجداول بصيغة CSV UTF-8 ثم ارفعه مرة أخرى.",
  csvUploadContentType: "ارفع ملف CSV نفسه كمحتوى الطلب، مع Content-Type text/csv.",
  csvFileTooLarge: "حجم الملف أكبر من 10 MB. قسّمه إلى ملفات أصغر وارفعها واحدًا تلو الآخر.",
  csvNotEnoughColumns: "عدد الأعمدة غير كافٍ",
  csvTooManyColumns: "عدد الأعمدة أكثر من اللازم",
  csvMissingItemNoOrName: "رقم الصنف أو اسمه مفقود",
  csvQuantityInvalid: "يجب أن تكون الكمية رقمًا غير سالب",
  csvWarehouseRequired: "اسم المستودع مطلوب",
  csvLocationRequired: "يلزم موقع واحد على الأقل: املأ المستودع والرف",
  importRejected: "تعذّر إتمام الرفع. لم يُحفظ أي صنف.",
  importUnexpected: "حدث خطأ غير متوقع أثناء الرفع المجمّع. لم يُحفظ أي صنف.",
  importKeyRequired: "ترويسة Idempotency-Key مطلوبة لرفع الأصناف.",
};

/** Field labels the shared schemas put into their messages. */
const AR_LABELS: Record<string, string> = {
  Name: "الاسم",
  Location: "الموقع",
  "Container shelf name": "اسم رف الحاويات",
  "Item number": "رقم الصنف",
  Description: "الوصف",
  "Unit price": "سعر الوحدة",
  "Minimum quantity": "الحد الأدنى للكمية",
  Quantity: "الكمية",
  Reason: "السبب",
  "Invoice Number": "رقم الفاتورة",
  "Supplier Name": "اسم المورّد",
  Notes: "الملاحظات",
  "Full name": "الاسم الكامل",
  Email: "البريد الإلكتروني",
  Password: "كلمة المرور",
  Search: "البحث",
  Shelves: "عدد الرفوف",
  "Sections per shelf": "عدد الأقسام في كل رف",
};

const label = (english: string): string => AR_LABELS[english] ?? english;

/** An item unit (pieces, kilogram...) as the Arabic screens name it. */
const unitName = (unit: string): string => (ar.items.units as Record<string, string>)[unit] ?? unit;

type Pattern = [RegExp, (...groups: string[]) => string];

/** Messages built with values: the values (numbers, codes, names) pass through unchanged. */
const AR_PATTERNS: Pattern[] = [
  [
    /^Not enough items in source location\. Available: (.+)$/,
    (available) => `لا توجد كمية كافية في موقع المصدر. المتاح: ${available}`,
  ],
  [
    /^This movement cannot be deleted because it was created more than 10 minutes ago\. Created on: (.+)$/,
    (createdOn) => `لا يمكن حذف هذه الحركة لأنها أُنشئت قبل أكثر من 10 دقائق. تاريخ الإنشاء: ${createdOn}`,
  ],
  [
    /^This movement cannot be deleted: its stock has since been moved or dispatched \((.+) now holds (.+)\)\.$/,
    (code, available) =>
      `لا يمكن حذف هذه الحركة: فقد نُقل مخزونها أو صُرف منذ ذلك الحين (يحتوي ${code} الآن على ${available}).`,
  ],
  [
    /^Cannot delete warehouse\. It contains (\d+) items\. Please move all items to another warehouse first\.$/,
    (count) => `لا يمكن حذف المستودع. فهو يحتوي على ${count} صنف. يُرجى نقل جميع الأصناف إلى مستودع آخر أولًا.`,
  ],
  [/^This container shelf has (\d+) item\(s\)\.$/, (count) => `يحتوي رف الحاويات هذا على ${count} صنف.`],
  [
    /^Cannot delete item\. Current quantity is (.+)\. Items can only be deleted when quantity is zero\.$/,
    (quantity) =>
      `لا يمكن حذف الصنف. الكمية الحالية ${quantity}. لا يمكن حذف الأصناف إلا عندما تكون كميتها صفرًا.`,
  ],
  [
    /^The layout cannot shrink while these positions hold stock: (.+?)(?: and (\d+) more)?\. Move the stock first\.$/,
    (codes, more) =>
      `لا يمكن تصغير المخطط ما دامت هذه المواقع تحتوي على مخزون: ${codes}${more ? ` و${more} أخرى` : ""}. انقل المخزون أولًا.`,
  ],
  [
    /^The new layout would make the location codes of container shelf (.+) ambiguous with new grid shelves\. Keep at most (\d+) shelves, or empty and delete that container shelf first\.$/,
    (containers, keep) =>
      `سيجعل المخطط الجديد رموز مواقع رف الحاويات ${containers} ملتبسة مع رفوف جديدة. أبقِ ${keep} رفًا على الأكثر، أو أفرغ رف الحاويات ذلك واحذفه أولًا.`,
  ],
  [/^Line (\d+): (.+)$/, (line, message) => `السطر ${line}: ${localizeArabic(message ?? "") ?? message}`],
  [/^Missing required headers: (.+)$/, (headers) => `ترويسات مطلوبة مفقودة: ${headers}`],
  [
    /^Unknown columns: (.+)\. Remove them, or rename them to one of: (.+)$/,
    (unknown, known) => `أعمدة غير معروفة: ${unknown}. احذفها أو أعد تسميتها إلى أحد الأعمدة: ${known}`,
  ],
  [/^These columns appear more than once: (.+)$/, (headers) => `هذه الأعمدة مكررة: ${headers}`],
  [
    /^Shelf (.+) does not exist in warehouse (.+)$/,
    (shelf, warehouse) => `الرف ${shelf} غير موجود في المستودع ${warehouse}`,
  ],
  [
    /^Section (.+) is not valid\. Must be between 01 and (\d+)$/,
    (section, max) => `القسم ${section} غير صالح. يجب أن يكون بين 01 و${max}`,
  ],
  [
    /^Section is required for shelf (.+)\. Must be between 01 and (\d+)$/,
    (shelf, max) => `القسم مطلوب للرف ${shelf}. يجب أن يكون بين 01 و${max}`,
  ],
  [
    /^Shelf (.+) names a different section than Section (.+)$/,
    (shelf, section) => `يشير الرف ${shelf} إلى قسم مختلف عن القسم ${section}`,
  ],
  [
    /^Shelf (.+) is a container shelf: leave Section empty or write CONTAINER$/,
    (shelf) => `الرف ${shelf} رف حاويات: اترك القسم فارغًا أو اكتب CONTAINER`,
  ],
  [/^Warehouse (.+) does not exist$/, (warehouse) => `المستودع ${warehouse} غير موجود`],
  [
    /^Item (.+) has different (.+) values in rows (.+)$/,
    (itemNo, header, rows) => `للصنف ${itemNo} قيم مختلفة في العمود ${header} في الصفوف ${rows}`,
  ],
  [
    /^Quantity must be a whole number for (.+)$/,
    (unit) => `يجب أن تكون الكمية عددًا صحيحًا للوحدة ${unitName(unit ?? "")}`,
  ],
  [/^A quoted field is not closed$/, () => "حقل بين علامتي اقتباس لم يُغلق"],
  [/^A quoted field is malformed$/, () => "حقل بين علامتي اقتباس مكتوب بشكل غير صحيح"],
  [/^Invalid value$/, () => "قيمة غير صالحة"],
  // A batch of the upload refused as a whole: the reason, then the rows it covered.
  [
    /^(.+) \(rows (\d+) to (\d+)\)$/,
    (message, first, last) => `${localizeArabic(message ?? "") ?? message} (الصفوف ${first} إلى ${last})`,
  ],
  // The Single Item Summary's table of days: "{item number} {name} ({unit}), {month}".
  [
    /^(.+) \((pieces|kilogram|box|meter|liter|roll)\), (\d{4}-\d{2})$/,
    (item, unit, month) => `${item} (${unitName(unit ?? "")})، ${month}`,
  ],
  [/^Email is required$/, () => "البريد الإلكتروني مطلوب"],
  [/^Email is too long$/, () => "البريد الإلكتروني طويل جدًا"],
  [/^Enter a valid email address$/, () => "أدخل بريدًا إلكترونيًا صالحًا"],
  [/^Password must be at least (\d+) characters$/, (n) => `يجب ألا تقل كلمة المرور عن ${n} أحرف`],
  [/^Password must be at most (\d+) characters$/, (n) => `يجب ألا تزيد كلمة المرور على ${n} حرفًا`],
  [/^Search contains characters that are not allowed$/, () => "يحتوي البحث على أحرف غير مسموح بها"],
  [/^(Shelves|Sections per shelf) must be a number$/, (field) => `يجب أن يكون ${label(field ?? "")} رقمًا`],
  [
    /^(Shelves|Sections per shelf) must be a whole number$/,
    (field) => `يجب أن يكون ${label(field ?? "")} عددًا صحيحًا`,
  ],
  [
    /^(Shelves|Sections per shelf) must be between 1 and (\d+)$/,
    (field, max) => `يجب أن يكون ${label(field ?? "")} بين 1 و${max}`,
  ],
  [
    /^Container shelf name may hold letters, digits, spaces, dashes and underscores$/,
    () => "يمكن أن يحتوي اسم رف الحاويات على أحرف لاتينية وأرقام ومسافات وشرطات وشرطات سفلية",
  ],
  [/^Type must be one of (.+)$/, (types) => `يجب أن يكون النوع أحد القيم: ${types}`],
  [/^Unit must be one of (.+)$/, (units) => `يجب أن تكون الوحدة إحدى القيم: ${units}`],
  [
    /^Minimum quantity must be a whole number for (.+)$/,
    (unit) => `يجب أن يكون الحد الأدنى للكمية عددًا صحيحًا للوحدة ${unitName(unit ?? "")}`,
  ],
  [/^Choose increase or decrease$/, () => "اختر زيادة أو نقصًا"],
  [/^Only adjustments increase or decrease$/, () => "التسويات وحدها تكون زيادة أو نقصًا"],
  [/^This movement type takes no source location$/, () => "لا يأخذ هذا النوع من الحركات موقع مصدر"],
  [/^This movement type takes no destination location$/, () => "لا يأخذ هذا النوع من الحركات موقع وجهة"],
  [/^Source and destination must differ$/, () => "يجب أن يختلف المصدر عن الوجهة"],
  [/^Add at least one item to the purchase$/, () => "أضف صنفًا واحدًا على الأقل إلى المشتريات"],
  [/^Choose a month as YYYY-MM$/, () => "اختر شهرًا بالصيغة YYYY-MM"],
  [/^End Date must not be before Start Date$/, () => "يجب ألا يكون تاريخ النهاية قبل تاريخ البداية"],
  [/^The file name is too long$/, () => "اسم الملف طويل جدًا"],
  [/^Staff member not found\.$/, () => "لم يُعثر على الموظف."],
  [/^(.+) is required$/, (field) => `${label(field ?? "")} مطلوب`],
  [
    /^(.+) must be at most (\d+) characters$/,
    (field, max) => `يجب ألا يزيد ${label(field ?? "")} على ${max} حرفًا`,
  ],
  [
    /^(.+) contains characters that are not allowed$/,
    (field) => `يحتوي ${label(field ?? "")} على أحرف غير مسموح بها`,
  ],
  [/^(.+) cannot be negative$/, (field) => `لا يمكن أن يكون ${label(field ?? "")} سالبًا`],
  [
    /^(.+) must be a number with at most (\d+) decimals$/,
    (field, decimals) => `يجب أن يكون ${label(field ?? "")} رقمًا بحد أقصى ${decimals} منازل عشرية`,
  ],
  [
    /^(.+) must be less than ([\d,]+)$/,
    (field, limit) => `يجب أن يكون ${label(field ?? "")} أقل من ${limit}`,
  ],
];

/** The report tables' titles, column headings and movement types, as the reports API names them. */
const AR_REPORT_TEXTS: Record<string, string> = {
  "Item Stock (Detailed)": "مخزون الأصناف (تفصيلي)",
  "Inventory Summary": "ملخص المخزون",
  "Movement History": "سجل الحركات",
  Valuation: "التقييم",
  "Single Item Summary": "ملخص صنف واحد",
  "Stock for Period": "المخزون خلال فترة",
  "Movements of the month": "حركات الشهر",
  "Item Number": "رقم الصنف",
  Name: "الاسم",
  Type: "النوع",
  Unit: "الوحدة",
  Warehouse: "المستودع",
  Location: "الموقع",
  Quantity: "الكمية",
  "Unit Price (AED)": "سعر الوحدة (AED)",
  "Value (AED)": "القيمة (AED)",
  "Last Movement": "آخر حركة",
  "Total Quantity": "الكمية الإجمالية",
  "Total Value (AED)": "القيمة الإجمالية (AED)",
  Locations: "المواقع",
  "Minimum Quantity": "الحد الأدنى للكمية",
  "Low Stock": "مخزون منخفض",
  Date: "التاريخ",
  Item: "الصنف",
  From: "من",
  To: "إلى",
  "Quantity In": "الكمية الواردة",
  "Quantity Out": "الكمية الصادرة",
  "Balance After": "الرصيد بعد الحركة",
  Reason: "السبب",
  Staff: "الموظف",
  Invoice: "الفاتورة",
  Supplier: "المورّد",
  "Average Purchase Cost (AED)": "متوسط تكلفة الشراء (AED)",
  "Value at Average Cost (AED)": "القيمة بمتوسط التكلفة (AED)",
  Opening: "الافتتاحي",
  In: "الوارد",
  Out: "الصادر",
  Closing: "الختامي",
  "Opening Value (AED)": "القيمة الافتتاحية (AED)",
  "In Value (AED)": "قيمة الوارد (AED)",
  "Out Value (AED)": "قيمة الصادر (AED)",
  "Closing Value (AED)": "القيمة الختامية (AED)",
  Received: "استلام",
  Moved: "نقل",
  Dispatched: "صرف",
  Adjusted: "تسوية",
  "Adjusted (increase)": "تسوية (زيادة)",
  "Adjusted (decrease)": "تسوية (نقص)",
};

const BY_TEXT = new Map<string, string>([
  ...Object.entries(AR_REPORT_TEXTS),
  ...(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((key): [string, string] => [
    MESSAGES[key],
    AR_MESSAGES[key],
  ]),
]);

/** The server's English text in Arabic, or undefined when unknown. */
export function localizeArabic(text: string): string | undefined {
  const exact = BY_TEXT.get(text);
  if (exact !== undefined) {
    return exact;
  }
  for (const [pattern, build] of AR_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      return build(...match.slice(1).map((group) => group ?? ""));
    }
  }
  return undefined;
}
