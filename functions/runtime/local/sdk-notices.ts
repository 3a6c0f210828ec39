/**
 * The AWS SDK prints a nine-line NodeVersionSupportWarning on Node 20: its
 * releases after the first week of January 2027 will need Node 22. The
 * versions locked in package-lock.json run on Node 20.19+, which is what the
 * README documents (and recommends Node 22), so the local server and the admin
 * command say it once in the README instead of on every start. Deployed
 * functions run on the Lambda Node 22 runtime and never see the notice.
 * Set the variable to `false` yourself to see the SDK's notice again.
 *
 * @module
 */

const NOTICE_SWITCH = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

/** Silences the SDK's Node-version notice for this process unless the developer chose otherwise. */
export function quietSdkNodeNotice(): void {
  process.env[NOTICE_SWITCH] ??= 'true';
}
