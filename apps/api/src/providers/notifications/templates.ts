/**
 * Every message Tern sends, in EN, ES (tú, as the portal) and FR (spec 1 §1), chosen by the user's locale
 * (`fr-CA` → French; a language without texts → English). One file, so a translator sees
 * them all together.
 */
import { LANGUAGES, localeLanguage, type Language } from '@tern/domain';

interface Vars {
  otc: { code: string; minutes: number; partnerName: string };
  'password-reset': { link: string; minutes: number; partnerName: string };
  'email-changed': { newEmail: string; partnerName: string };
  'mobile-changed': { endsWith: string; partnerName: string };
  'payout-method-changed': {
    description: string;
    change: 'added' | 'changed' | 'removed';
    partnerName: string;
  };
  'mobile-confirm': { code: string; minutes: number; partnerName: string };
  'email-confirm': { code: string; minutes: number; partnerName: string };
  'link-invitation': { firstName: string; link: string; days: number; partnerName: string };
  'support-received': { reference: string; subject: string; partnerName: string };
  'sign-in-attempts': { partnerName: string };
  'flight-alert': {
    flightNumber: string;
    /** Scheduled local departure, `YYYY-MM-DD HH:mm`. */
    embark: string;
    alertType: 'DELAY' | 'CANCELLATION' | 'ONTIME';
    delayDate: string | null;
    partnerName: string;
  };
  'support-request': {
    reference: string;
    name: string;
    emailAddress: string;
    contactNumber: string;
    category: string;
    localTime: string;
    subject: string;
    body: string;
  };
}
export type TemplateName = keyof Vars;

type Text<V> = (v: V) => { subject: string; text: string };

const texts: { [T in TemplateName]: Record<Language, Text<Vars[T]>> } = {
  otc: {
    en: (v) => ({
      subject: `Your ${v.partnerName} sign-in code`,
      text: `Your ${v.partnerName} sign-in code is ${v.code}. It expires in ${v.minutes} minutes. If you did not ask for it, ignore this message.`,
    }),
    es: (v) => ({
      subject: `Tu código de acceso a ${v.partnerName}`,
      text: `Tu código de acceso a ${v.partnerName} es ${v.code}. Caduca en ${v.minutes} minutos. Si no lo has solicitado, ignora este mensaje.`,
    }),
    fr: (v) => ({
      subject: `Votre code de connexion ${v.partnerName}`,
      text: `Votre code de connexion ${v.partnerName} est ${v.code}. Il expire dans ${v.minutes} minutes. Si vous ne l'avez pas demandé, ignorez ce message.`,
    }),
  },
  'support-received': {
    en: (v) => ({
      subject: `We have your message: ${v.reference}`,
      text: `Thank you for writing to ${v.partnerName} about "${v.subject}". Your reference is ${v.reference}: quote it if you contact us again. We will reply to this address.`,
    }),
    es: (v) => ({
      subject: `Hemos recibido tu mensaje: ${v.reference}`,
      text: `Gracias por escribir a ${v.partnerName} sobre «${v.subject}». Tu referencia es ${v.reference}: indícala si vuelves a contactarnos. Te responderemos en esta dirección.`,
    }),
    fr: (v) => ({
      subject: `Nous avons reçu votre message : ${v.reference}`,
      text: `Merci d'avoir écrit à ${v.partnerName} au sujet de « ${v.subject} ». Votre référence est ${v.reference} : rappelez-la si vous nous recontactez. Nous vous répondrons à cette adresse.`,
    }),
  },
  // To the partner's staff: in the partner's own language, the request as the customer wrote it.
  'support-request': {
    en: (v) => ({
      subject: `Support request ${v.reference}: ${v.subject}`,
      text: `From ${v.name} <${v.emailAddress}>, ${v.contactNumber}, at ${v.localTime} their time.\nTopic: ${v.category}\n\n${v.body}`,
    }),
    es: (v) => ({
      subject: `Solicitud de soporte ${v.reference}: ${v.subject}`,
      text: `De ${v.name} <${v.emailAddress}>, ${v.contactNumber}, a las ${v.localTime} de su hora.\nTema: ${v.category}\n\n${v.body}`,
    }),
    fr: (v) => ({
      subject: `Demande d'assistance ${v.reference} : ${v.subject}`,
      text: `De ${v.name} <${v.emailAddress}>, ${v.contactNumber}, à ${v.localTime} heure locale.\nSujet : ${v.category}\n\n${v.body}`,
    }),
  },
  // To the owner of an account whose password is being guessed (once per window, ADR 0010).
  'sign-in-attempts': {
    en: (v) => ({
      subject: `Someone is trying to sign in to your ${v.partnerName} account`,
      text: `Several wrong passwords have just been tried for your ${v.partnerName} account. If that was you, sign in with a one-time code sent to this address, or reset your password. If it was not you, there is nothing to do: after too many tries, signing in with a password pauses for a while, and a one-time code or a password reset still gets you in. If you use this password anywhere else, change it there.`,
    }),
    es: (v) => ({
      subject: `Alguien intenta entrar en tu cuenta de ${v.partnerName}`,
      text: `Se acaban de probar varias contraseñas incorrectas en tu cuenta de ${v.partnerName}. Si fuiste tú, entra con un código de un solo uso enviado a esta dirección o restablece tu contraseña. Si no fuiste tú, no tienes que hacer nada: tras demasiados intentos, el acceso con contraseña se pausa un tiempo, y un código de un solo uso o el restablecimiento de la contraseña te siguen dando acceso. Si usas esta contraseña en otro sitio, cámbiala allí.`,
    }),
    fr: (v) => ({
      subject: `Quelqu'un essaie de se connecter à votre compte ${v.partnerName}`,
      text: `Plusieurs mots de passe erronés viennent d'être essayés sur votre compte ${v.partnerName}. Si c'était vous, connectez-vous avec un code à usage unique envoyé à cette adresse, ou réinitialisez votre mot de passe. Si ce n'était pas vous, vous n'avez rien à faire : après trop d'essais, la connexion par mot de passe est suspendue un moment, et un code à usage unique ou la réinitialisation du mot de passe vous permettent toujours d'entrer. Si vous utilisez ce mot de passe ailleurs, changez-le là-bas.`,
    }),
  },
  'password-reset': {
    en: (v) => ({
      subject: `Reset your ${v.partnerName} password`,
      text: `To choose a new password, open this link within ${v.minutes} minutes: ${v.link}\nIt works once. If you did not ask for it, ignore this message: your password stays as it is.`,
    }),
    es: (v) => ({
      subject: `Restablece tu contraseña de ${v.partnerName}`,
      text: `Para elegir una nueva contraseña, abre este enlace en los próximos ${v.minutes} minutos: ${v.link}\nSolo funciona una vez. Si no lo has solicitado, ignora este mensaje: tu contraseña no cambia.`,
    }),
    fr: (v) => ({
      subject: `Réinitialisez votre mot de passe ${v.partnerName}`,
      text: `Pour choisir un nouveau mot de passe, ouvrez ce lien dans les ${v.minutes} minutes : ${v.link}\nIl ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.`,
    }),
  },
  'email-changed': {
    en: (v) => ({
      subject: `Your ${v.partnerName} email address was changed`,
      text: `The email address of your ${v.partnerName} account is now ${v.newEmail}. If you did not make this change, contact support at once.`,
    }),
    es: (v) => ({
      subject: `Se cambió tu correo electrónico de ${v.partnerName}`,
      text: `El correo electrónico de tu cuenta de ${v.partnerName} es ahora ${v.newEmail}. Si no has hecho este cambio, contacta con soporte de inmediato.`,
    }),
    fr: (v) => ({
      subject: `L'adresse e-mail de votre compte ${v.partnerName} a changé`,
      text: `L'adresse e-mail de votre compte ${v.partnerName} est désormais ${v.newEmail}. Si vous n'êtes pas à l'origine de ce changement, contactez le support immédiatement.`,
    }),
  },
  'payout-method-changed': {
    en: (v) => ({
      subject: `A payout method of your ${v.partnerName} account was ${v.change}`,
      text: `The payout method "${v.description}" was ${v.change} on your ${v.partnerName} account. Payouts go to your preferred method. If you did not make this change, contact support at once.`,
    }),
    es: (v) => {
      const change = { added: 'añadió', changed: 'modificó', removed: 'eliminó' }[v.change];
      return {
        subject: `Se ${change} un método de cobro de tu cuenta de ${v.partnerName}`,
        text: `Se ${change} el método de cobro «${v.description}» de tu cuenta de ${v.partnerName}. Los pagos van a tu método preferido. Si no has hecho este cambio, contacta con soporte de inmediato.`,
      };
    },
    fr: (v) => {
      const change = { added: 'ajouté', changed: 'modifié', removed: 'supprimé' }[v.change];
      return {
        subject: `Un mode de versement de votre compte ${v.partnerName} a été ${change}`,
        text: `Le mode de versement « ${v.description} » de votre compte ${v.partnerName} a été ${change}. Les versements vont à votre mode préféré. Si vous n'êtes pas à l'origine de ce changement, contactez le support immédiatement.`,
      };
    },
  },
  'mobile-changed': {
    en: (v) => ({
      subject: `Your ${v.partnerName} mobile number was changed`,
      text: `The mobile number of your ${v.partnerName} account is now the one ending in ${v.endsWith}. If you did not make this change, contact support at once.`,
    }),
    es: (v) => ({
      subject: `Se cambió tu número de móvil de ${v.partnerName}`,
      text: `El número de móvil de tu cuenta de ${v.partnerName} es ahora el que termina en ${v.endsWith}. Si no has hecho este cambio, contacta con soporte de inmediato.`,
    }),
    fr: (v) => ({
      subject: `Le numéro de mobile de votre compte ${v.partnerName} a changé`,
      text: `Le numéro de mobile de votre compte ${v.partnerName} est désormais celui qui se termine par ${v.endsWith}. Si vous n'êtes pas à l'origine de ce changement, contactez le support immédiatement.`,
    }),
  },
  'email-confirm': {
    en: (v) => ({
      subject: `Confirm your new email address for ${v.partnerName}`,
      text: `Your ${v.partnerName} code to confirm this email address is ${v.code}. It expires in ${v.minutes} minutes. Until it is confirmed, you keep signing in with your current address. If you did not ask for it, ignore this message.`,
    }),
    es: (v) => ({
      subject: `Confirma tu nuevo correo electrónico en ${v.partnerName}`,
      text: `Tu código de ${v.partnerName} para confirmar este correo electrónico es ${v.code}. Caduca en ${v.minutes} minutos. Hasta que lo confirmes, sigues entrando con tu dirección actual. Si no lo has solicitado, ignora este mensaje.`,
    }),
    fr: (v) => ({
      subject: `Confirmez votre nouvelle adresse e-mail pour ${v.partnerName}`,
      text: `Votre code ${v.partnerName} pour confirmer cette adresse e-mail est ${v.code}. Il expire dans ${v.minutes} minutes. Tant qu'elle n'est pas confirmée, vous vous connectez avec votre adresse actuelle. Si vous ne l'avez pas demandé, ignorez ce message.`,
    }),
  },
  'link-invitation': {
    en: (v) => ({
      subject: `${v.partnerName} invites you to your account`,
      text: `Hello ${v.firstName},

${v.partnerName} has opened an account for your cover. To set your password and see your policy, open this link within ${v.days} days: ${v.link}
It works once. If you were not expecting this, ignore this message.`,
    }),
    es: (v) => ({
      subject: `${v.partnerName} te invita a tu cuenta`,
      text: `Hola, ${v.firstName}:

${v.partnerName} ha abierto una cuenta para tu cobertura. Para elegir tu contraseña y ver tu póliza, abre este enlace en los próximos ${v.days} días: ${v.link}
Solo funciona una vez. Si no lo esperabas, ignora este mensaje.`,
    }),
    fr: (v) => ({
      subject: `${v.partnerName} vous invite à votre compte`,
      text: `Bonjour ${v.firstName},

${v.partnerName} a ouvert un compte pour votre couverture. Pour choisir votre mot de passe et voir votre contrat, ouvrez ce lien dans les ${v.days} jours : ${v.link}
Il ne fonctionne qu'une fois. Si vous ne vous y attendiez pas, ignorez ce message.`,
    }),
  },
  'flight-alert': {
    en: (v) =>
      v.alertType === 'CANCELLATION'
        ? {
            subject: `${v.flightNumber} has been cancelled`,
            text: `Your flight ${v.flightNumber}, due to leave ${v.embark}, has been cancelled. Open My insurances on ${v.partnerName} to see the help your cover gives you.`,
          }
        : {
            subject: `${v.flightNumber} is delayed`,
            text: `Your flight ${v.flightNumber}, due to leave ${v.embark}, is now expected to leave ${v.delayDate ?? 'later'}. Open My insurances on ${v.partnerName} to see the help your cover gives you.`,
          },
    es: (v) =>
      v.alertType === 'CANCELLATION'
        ? {
            subject: `${v.flightNumber} se ha cancelado`,
            text: `Tu vuelo ${v.flightNumber}, con salida prevista el ${v.embark}, se ha cancelado. Abre Mis seguros en ${v.partnerName} para ver la ayuda que te da tu cobertura.`,
          }
        : {
            subject: `${v.flightNumber} lleva retraso`,
            text: `Tu vuelo ${v.flightNumber}, con salida prevista el ${v.embark}, ahora saldrá el ${v.delayDate ?? 'más tarde'}. Abre Mis seguros en ${v.partnerName} para ver la ayuda que te da tu cobertura.`,
          },
    fr: (v) =>
      v.alertType === 'CANCELLATION'
        ? {
            subject: `${v.flightNumber} est annulé`,
            text: `Votre vol ${v.flightNumber}, prévu au départ le ${v.embark}, est annulé. Ouvrez Mes assurances sur ${v.partnerName} pour voir l'aide que vous apporte votre couverture.`,
          }
        : {
            subject: `${v.flightNumber} est retardé`,
            text: `Votre vol ${v.flightNumber}, prévu au départ le ${v.embark}, partira désormais le ${v.delayDate ?? 'plus tard'}. Ouvrez Mes assurances sur ${v.partnerName} pour voir l'aide que vous apporte votre couverture.`,
          },
  },
  'mobile-confirm': {
    en: (v) => ({
      subject: `Confirm your mobile number for ${v.partnerName}`,
      text: `Your ${v.partnerName} code to confirm this mobile number is ${v.code}. It expires in ${v.minutes} minutes. If you did not ask for it, ignore this message.`,
    }),
    es: (v) => ({
      subject: `Confirma tu número de móvil en ${v.partnerName}`,
      text: `Tu código de ${v.partnerName} para confirmar este número de móvil es ${v.code}. Caduca en ${v.minutes} minutos. Si no lo has solicitado, ignora este mensaje.`,
    }),
    fr: (v) => ({
      subject: `Confirmez votre numéro de mobile pour ${v.partnerName}`,
      text: `Votre code ${v.partnerName} pour confirmer ce numéro de mobile est ${v.code}. Il expire dans ${v.minutes} minutes. Si vous ne l'avez pas demandé, ignorez ce message.`,
    }),
  },
};

/** The language of the texts for `locale`: `fr-CA` → `fr`, a language without texts → `en`. */
const languageOf = (locale: string): Language => {
  const language = localeLanguage(locale).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
};

/** The subject and text of a message in the language of `locale`. */
export function renderTemplate<T extends TemplateName>(
  template: T,
  locale: string,
  vars: Vars[T],
): { subject: string; text: string } {
  return texts[template][languageOf(locale)](vars);
}

/** The footer of a branded email (email-html.ts): who sent it. */
const footers: Record<Language, (partnerName: string) => string> = {
  en: (name) => `This message was sent to you by ${name}.`,
  es: (name) => `Este mensaje te lo envía ${name}.`,
  fr: (name) => `Ce message vous a été envoyé par ${name}.`,
};

export const emailFooter = (locale: string, partnerName: string): string =>
  footers[languageOf(locale)](partnerName);
