import forge from 'node-forge';
import type { Config } from '../src/config.ts';

const PASS_TYPE_ID = 'pass.example.tern.lounge';
const TEAM_ID = 'TERNTEST01';

/** A certificate of `subject`, signed by `issuer`'s key (itself when none: self-signed). */
function certificate(
  subject: forge.pki.CertificateField[],
  keys: forge.pki.rsa.KeyPair,
  issuer?: { subject: forge.pki.CertificateField[]; key: forge.pki.rsa.PrivateKey },
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer?.subject ?? subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: !issuer }]);
  cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * Throwaway wallet signing material, made fresh for a test: a stand-in for Apple's WWDR
 * intermediate (self-signed) and a pass signer certificate it issued, with the signer's key
 * in the clear and encrypted under `passphrase`. Nothing Apple would accept: only the shapes.
 */
export function walletCertificates(passphrase = 'correct horse') {
  const caKeys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
  const signerKeys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
  const caSubject = [{ name: 'commonName', value: 'Test WWDR' }];
  return {
    wwdr: certificate(caSubject, caKeys),
    signerCert: certificate(
      [
        { name: 'commonName', value: `Pass Type ID: ${PASS_TYPE_ID}` },
        { name: 'organizationalUnitName', value: TEAM_ID },
      ],
      signerKeys,
      { subject: caSubject, key: caKeys.privateKey },
    ),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
    encryptedSignerKey: forge.pki.encryptRsaPrivateKey(signerKeys.privateKey, passphrase),
    /** Another key: not the signer certificate's. */
    otherKey: forge.pki.privateKeyToPem(forge.pki.rsa.generateKeyPair({ bits: 1024 }).privateKey),
    passphrase,
  };
}

/** The configuration of wallet signing with `certs` (PEM text in the settings themselves). */
export const walletConfig = (
  certs: ReturnType<typeof walletCertificates>,
): Partial<Record<keyof Config, string>> => ({
  WALLET_PASS_TYPE_ID: PASS_TYPE_ID,
  WALLET_TEAM_ID: TEAM_ID,
  WALLET_SIGNER_CERT: certs.signerCert,
  WALLET_SIGNER_KEY: certs.signerKey,
  WALLET_WWDR_CERT: certs.wwdr,
});
