from django.urls import path

from coins import apis

urlpatterns = [
    path("wallet/", apis.WalletApi.as_view(), name="wallet"),
    path("wallet/welcome/", apis.WalletWelcomeApi.as_view(), name="wallet-welcome"),
    path("wallet/entries/", apis.WalletEntriesApi.as_view(), name="wallet-entries"),
]
