/**
 * No test reaches the internet. Libraries that honour the standard proxy variables (the Azure SDK's pipeline,
 * axios) send any https request to a host that is not this machine to a proxy on loopback where nothing listens:
 * refused at once, nothing leaves. The Azure Monitor exporter's settings poll, which production lets run, is such
 * a request. Loopback stays direct (the stand-ins, Azurite). Child processes started by tests inherit this.
 */
process.env.HTTPS_PROXY = 'http://127.0.0.1:9';
process.env.NO_PROXY = 'localhost,127.0.0.1,::1';
delete process.env.https_proxy;
delete process.env.no_proxy;
