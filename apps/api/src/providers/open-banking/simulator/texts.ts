import type { TranslationLanguage } from '@tern/domain';
import { uiLanguageOf } from '@tern/domain/i18n/languages';

/**
 * The simulated bank's page texts, in the portal's nine languages. They are the bank's own
 * (a third party's page, on which Tern's catalogue has no say), so they live beside the page
 * rather than in the portal's catalogue; the bank speaks the language the browser asks for,
 * as a bank's website does. `{{host}}` is the address the customer returns to.
 */
export interface BankTexts {
  chooserTitle: string;
  chooserLead: string;
  bankLegend: string;
  chooseBankError: string;
  continue: string;
  cancel: string;
  consentTitle: string;
  recipient: string;
  sharedHeading: string;
  sharedDetails: string;
  sharedBalances: string;
  sharedTransactions: string;
  duration: string;
  accountsLegend: string;
  accountEnding: string;
  noAccount: string;
  allow: string;
  otherBank: string;
  simulated: string;
  notFoundTitle: string;
  notFoundBody: string;
  endedTitle: string;
  endedBody: string;
  expiredTitle: string;
  expiredBody: string;
}

const es: BankTexts = {
  chooserTitle: 'Conecta tu banco',
  chooserLead:
    '{{host}} solicita ver la información de tus cuentas de empresa. Elige tu banco para continuar.',
  bankLegend: 'Tu banco',
  chooseBankError: 'Elige tu banco.',
  continue: 'Continuar',
  cancel: 'Cancelar',
  consentTitle: 'Compartir la información de tus cuentas',
  recipient:
    '{{host}} solicita ver la información de tus cuentas de empresa. Volverás allí en cuanto respondas.',
  sharedHeading: 'Qué se compartirá',
  sharedDetails: 'Datos de las cuentas: nombres y números de cuenta',
  sharedBalances: 'Saldos',
  sharedTransactions: 'Movimientos: los últimos 24 meses y los nuevos a medida que se produzcan',
  duration: 'El acceso dura 90 días. Puedes retirarlo en cualquier momento.',
  accountsLegend: 'Cuentas de empresa que compartir',
  accountEnding: 'Cuenta terminada en {{digits}}',
  noAccount: 'Marca al menos una cuenta que compartir, o cancela.',
  allow: 'Permitir',
  otherBank: 'Elegir otro banco',
  simulated: 'Banco simulado para pruebas: no hay cuentas ni dinero reales.',
  notFoundTitle: 'No hemos encontrado esta solicitud',
  notFoundBody:
    'Puede que el enlace esté incompleto. Vuelve a la aplicación que te ha enviado aquí y empieza de nuevo.',
  endedTitle: 'Esta solicitud ya tiene respuesta',
  endedBody: 'Vuelve a la aplicación que te ha enviado aquí para continuar.',
  expiredTitle: 'Esta página ha caducado',
  expiredBody:
    'Abre de nuevo el enlace desde la aplicación. Tu navegador debe aceptar las cookies de este sitio.',
};

export const BANK_TEXTS: Record<TranslationLanguage, BankTexts> = {
  en: {
    chooserTitle: 'Connect your bank',
    chooserLead:
      '{{host}} asks to see information about your business accounts. Choose your bank to continue.',
    bankLegend: 'Your bank',
    chooseBankError: 'Choose your bank.',
    continue: 'Continue',
    cancel: 'Cancel',
    consentTitle: 'Share your account information',
    recipient:
      '{{host}} asks to see information about your business accounts. You will go back there once you answer.',
    sharedHeading: 'What will be shared',
    sharedDetails: 'Account details: names and account numbers',
    sharedBalances: 'Balances',
    sharedTransactions: 'Transactions: the last 24 months, and new ones as they happen',
    duration: 'Access lasts 90 days. You can withdraw it at any time.',
    accountsLegend: 'Business accounts to share',
    accountEnding: 'Account ending {{digits}}',
    noAccount: 'Tick at least one account to share, or cancel.',
    allow: 'Allow',
    otherBank: 'Choose another bank',
    simulated: 'A simulated bank for testing: no real account or money is involved.',
    notFoundTitle: 'We could not find this request',
    notFoundBody:
      'The link may be incomplete. Go back to the app that sent you here and start again.',
    endedTitle: 'This request has already been answered',
    endedBody: 'Go back to the app that sent you here to continue.',
    expiredTitle: 'This page has expired',
    expiredBody: 'Open the link from the app again. Your browser must accept this site’s cookies.',
  },
  fr: {
    chooserTitle: 'Connectez votre banque',
    chooserLead:
      '{{host}} demande à consulter les informations de vos comptes professionnels. Choisissez votre banque pour continuer.',
    bankLegend: 'Votre banque',
    chooseBankError: 'Choisissez votre banque.',
    continue: 'Continuer',
    cancel: 'Annuler',
    consentTitle: 'Partager les informations de vos comptes',
    recipient:
      '{{host}} demande à consulter les informations de vos comptes professionnels. Vous y reviendrez une fois votre réponse donnée.',
    sharedHeading: 'Ce qui sera partagé',
    sharedDetails: 'Coordonnées des comptes : intitulés et numéros de compte',
    sharedBalances: 'Soldes',
    sharedTransactions: 'Opérations : les 24 derniers mois, puis les nouvelles au fur et à mesure',
    duration: 'L’accès dure 90 jours. Vous pouvez le retirer à tout moment.',
    accountsLegend: 'Comptes professionnels à partager',
    accountEnding: 'Compte se terminant par {{digits}}',
    noAccount: 'Cochez au moins un compte à partager, ou annulez.',
    allow: 'Autoriser',
    otherBank: 'Choisir une autre banque',
    simulated: 'Banque simulée pour les tests : aucun compte ni argent réel n’est concerné.',
    notFoundTitle: 'Nous n’avons pas trouvé cette demande',
    notFoundBody:
      'Le lien est peut-être incomplet. Revenez à l’application qui vous a envoyé ici et recommencez.',
    endedTitle: 'Cette demande a déjà reçu une réponse',
    endedBody: 'Revenez à l’application qui vous a envoyé ici pour continuer.',
    expiredTitle: 'Cette page a expiré',
    expiredBody:
      'Rouvrez le lien depuis l’application. Votre navigateur doit accepter les cookies de ce site.',
  },
  es,
  mx: {
    ...es,
    notFoundTitle: 'No encontramos esta solicitud',
    notFoundBody:
      'Puede que el enlace esté incompleto. Regresa a la aplicación que te envió aquí y empieza de nuevo.',
    endedBody: 'Regresa a la aplicación que te envió aquí para continuar.',
    expiredTitle: 'Esta página expiró',
    expiredBody:
      'Abre otra vez el enlace desde la aplicación. Tu navegador debe aceptar las cookies de este sitio.',
    recipient:
      '{{host}} solicita ver la información de tus cuentas empresariales. Regresarás allí en cuanto respondas.',
    chooserLead:
      '{{host}} solicita ver la información de tus cuentas empresariales. Elige tu banco para continuar.',
    accountsLegend: 'Cuentas empresariales que compartir',
  },
  de: {
    chooserTitle: 'Verbinden Sie Ihre Bank',
    chooserLead:
      '{{host}} möchte Informationen zu Ihren Geschäftskonten einsehen. Wählen Sie Ihre Bank, um fortzufahren.',
    bankLegend: 'Ihre Bank',
    chooseBankError: 'Wählen Sie Ihre Bank.',
    continue: 'Weiter',
    cancel: 'Abbrechen',
    consentTitle: 'Kontoinformationen freigeben',
    recipient:
      '{{host}} möchte Informationen zu Ihren Geschäftskonten einsehen. Nach Ihrer Antwort kehren Sie dorthin zurück.',
    sharedHeading: 'Was freigegeben wird',
    sharedDetails: 'Kontodaten: Kontonamen und Kontonummern',
    sharedBalances: 'Kontostände',
    sharedTransactions: 'Umsätze: die letzten 24 Monate und neue, sobald sie anfallen',
    duration: 'Der Zugriff gilt 90 Tage. Sie können ihn jederzeit widerrufen.',
    accountsLegend: 'Freizugebende Geschäftskonten',
    accountEnding: 'Konto endet auf {{digits}}',
    noAccount: 'Wählen Sie mindestens ein Konto zur Freigabe aus oder brechen Sie ab.',
    allow: 'Erlauben',
    otherBank: 'Andere Bank wählen',
    simulated: 'Eine simulierte Bank für Tests: Es sind keine echten Konten oder Gelder beteiligt.',
    notFoundTitle: 'Diese Anfrage wurde nicht gefunden',
    notFoundBody:
      'Der Link ist möglicherweise unvollständig. Kehren Sie zur App zurück, die Sie hierher geschickt hat, und beginnen Sie erneut.',
    endedTitle: 'Diese Anfrage wurde bereits beantwortet',
    endedBody: 'Kehren Sie zur App zurück, die Sie hierher geschickt hat, um fortzufahren.',
    expiredTitle: 'Diese Seite ist abgelaufen',
    expiredBody:
      'Öffnen Sie den Link erneut aus der App. Ihr Browser muss die Cookies dieser Website annehmen.',
  },
  it: {
    chooserTitle: 'Collega la tua banca',
    chooserLead:
      '{{host}} chiede di vedere le informazioni dei tuoi conti aziendali. Scegli la tua banca per continuare.',
    bankLegend: 'La tua banca',
    chooseBankError: 'Scegli la tua banca.',
    continue: 'Continua',
    cancel: 'Annulla',
    consentTitle: 'Condividi le informazioni dei tuoi conti',
    recipient:
      '{{host}} chiede di vedere le informazioni dei tuoi conti aziendali. Ci tornerai appena avrai risposto.',
    sharedHeading: 'Cosa verrà condiviso',
    sharedDetails: 'Dati dei conti: nomi e numeri di conto',
    sharedBalances: 'Saldi',
    sharedTransactions: 'Movimenti: gli ultimi 24 mesi e quelli nuovi man mano che avvengono',
    duration: 'L’accesso dura 90 giorni. Puoi revocarlo in qualsiasi momento.',
    accountsLegend: 'Conti aziendali da condividere',
    accountEnding: 'Conto che termina con {{digits}}',
    noAccount: 'Seleziona almeno un conto da condividere, oppure annulla.',
    allow: 'Consenti',
    otherBank: 'Scegli un’altra banca',
    simulated: 'Banca simulata per i test: nessun conto o denaro reale è coinvolto.',
    notFoundTitle: 'Non abbiamo trovato questa richiesta',
    notFoundBody:
      'Il link potrebbe essere incompleto. Torna all’app che ti ha mandato qui e ricomincia.',
    endedTitle: 'Questa richiesta ha già avuto risposta',
    endedBody: 'Torna all’app che ti ha mandato qui per continuare.',
    expiredTitle: 'Questa pagina è scaduta',
    expiredBody:
      'Apri di nuovo il link dall’app. Il tuo browser deve accettare i cookie di questo sito.',
  },
  pt: {
    chooserTitle: 'Ligue o seu banco',
    chooserLead:
      '{{host}} pede para ver informações das suas contas empresariais. Escolha o seu banco para continuar.',
    bankLegend: 'O seu banco',
    chooseBankError: 'Escolha o seu banco.',
    continue: 'Continuar',
    cancel: 'Cancelar',
    consentTitle: 'Partilhar as informações das suas contas',
    recipient:
      '{{host}} pede para ver informações das suas contas empresariais. Voltará lá assim que responder.',
    sharedHeading: 'O que será partilhado',
    sharedDetails: 'Dados das contas: nomes e números de conta',
    sharedBalances: 'Saldos',
    sharedTransactions: 'Movimentos: os últimos 24 meses e os novos à medida que acontecem',
    duration: 'O acesso dura 90 dias. Pode retirá-lo a qualquer momento.',
    accountsLegend: 'Contas empresariais a partilhar',
    accountEnding: 'Conta terminada em {{digits}}',
    noAccount: 'Assinale pelo menos uma conta a partilhar, ou cancele.',
    allow: 'Permitir',
    otherBank: 'Escolher outro banco',
    simulated: 'Banco simulado para testes: não envolve contas nem dinheiro reais.',
    notFoundTitle: 'Não encontrámos este pedido',
    notFoundBody:
      'A ligação pode estar incompleta. Volte à aplicação que o enviou para aqui e comece de novo.',
    endedTitle: 'Este pedido já foi respondido',
    endedBody: 'Volte à aplicação que o enviou para aqui para continuar.',
    expiredTitle: 'Esta página expirou',
    expiredBody:
      'Abra novamente a ligação a partir da aplicação. O seu navegador tem de aceitar os cookies deste site.',
  },
  tr: {
    chooserTitle: 'Bankanızı bağlayın',
    chooserLead:
      '{{host}}, işletme hesaplarınızın bilgilerini görmek istiyor. Devam etmek için bankanızı seçin.',
    bankLegend: 'Bankanız',
    chooseBankError: 'Bankanızı seçin.',
    continue: 'Devam',
    cancel: 'İptal',
    consentTitle: 'Hesap bilgilerinizi paylaşın',
    recipient:
      '{{host}}, işletme hesaplarınızın bilgilerini görmek istiyor. Yanıt verdiğinizde oraya geri döneceksiniz.',
    sharedHeading: 'Paylaşılacak bilgiler',
    sharedDetails: 'Hesap bilgileri: hesap adları ve numaraları',
    sharedBalances: 'Bakiyeler',
    sharedTransactions: 'İşlemler: son 24 ay ve gerçekleştikçe yenileri',
    duration: 'Erişim 90 gün sürer. İstediğiniz zaman geri alabilirsiniz.',
    accountsLegend: 'Paylaşılacak işletme hesapları',
    accountEnding: 'Sonu {{digits}} ile biten hesap',
    noAccount: 'Paylaşmak için en az bir hesap işaretleyin veya iptal edin.',
    allow: 'İzin ver',
    otherBank: 'Başka bir banka seçin',
    simulated: 'Test için simüle edilmiş bir banka: gerçek hesap veya para söz konusu değildir.',
    notFoundTitle: 'Bu istek bulunamadı',
    notFoundBody:
      'Bağlantı eksik olabilir. Sizi buraya gönderen uygulamaya dönün ve yeniden başlayın.',
    endedTitle: 'Bu istek zaten yanıtlandı',
    endedBody: 'Devam etmek için sizi buraya gönderen uygulamaya dönün.',
    expiredTitle: 'Bu sayfanın süresi doldu',
    expiredBody:
      'Bağlantıyı uygulamadan yeniden açın. Tarayıcınızın bu sitenin çerezlerini kabul etmesi gerekir.',
  },
  zh: {
    chooserTitle: '连接您的银行',
    chooserLead: '{{host}} 请求查看您企业账户的信息。请选择您的银行以继续。',
    bankLegend: '您的银行',
    chooseBankError: '请选择您的银行。',
    continue: '继续',
    cancel: '取消',
    consentTitle: '共享您的账户信息',
    recipient: '{{host}} 请求查看您企业账户的信息。答复后您将返回该处。',
    sharedHeading: '将共享的内容',
    sharedDetails: '账户详情：账户名称和账号',
    sharedBalances: '余额',
    sharedTransactions: '交易记录：最近 24 个月的记录以及此后新发生的交易',
    duration: '访问权限有效期为 90 天。您可随时撤销。',
    accountsLegend: '要共享的企业账户',
    accountEnding: '尾号为 {{digits}} 的账户',
    noAccount: '请至少勾选一个要共享的账户，或选择取消。',
    allow: '允许',
    otherBank: '选择其他银行',
    simulated: '用于测试的模拟银行：不涉及真实账户或资金。',
    notFoundTitle: '找不到此请求',
    notFoundBody: '链接可能不完整。请返回将您引导至此处的应用，然后重新开始。',
    endedTitle: '此请求已得到答复',
    endedBody: '请返回将您引导至此处的应用以继续。',
    expiredTitle: '此页面已过期',
    expiredBody: '请从应用中重新打开链接。您的浏览器必须接受本网站的 Cookie。',
  },
};

/**
 * The language of the page: the first of the browser's Accept-Language (by weight) the bank
 * has texts in, else English.
 */
export function languageOfRequest(acceptLanguage: string | undefined): TranslationLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: weight === undefined ? 1 : Number(weight), order };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of ranked) {
    const language = uiLanguageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/** A text with its `{{name}}` places filled (values are escaped by the page, not here). */
export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
